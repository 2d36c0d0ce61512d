import { randomUUID } from 'node:crypto';
import { type Delivery, PermanentDeliveryError } from './delivery.ts';

/** A push that has not answered within this long is abandoned (and retried with the same key). */
export const LINE_TIMEOUT_MS = 10_000;
/** What of LINE's error answer is kept in the message (and so in the outbox's last_error). */
const DETAIL_MAX_CHARS = 200;

/** The `message` of LINE's JSON error answer (never the request's recipient or text), or ''. */
function lineErrorMessage(body: string): string {
  try {
    const message: unknown = JSON.parse(body)?.message;
    return typeof message === 'string' ? message.slice(0, DETAIL_MAX_CHARS) : '';
  } catch {
    return '';
  }
}

/**
 * LINE through the Messaging API's push message (decision 0079): `POST {apiUrl}/v2/bot/message/push`
 * with the channel access token as a bearer token, the JSON body `{ to, messages: [{ type: 'text',
 * text }] }` (`to` is the member's LINE user id) and `X-Line-Retry-Key`, the message's key (the
 * outbox row's retry key), so a retry of a push LINE already accepted is not delivered twice: LINE
 * answers such a retry 409, which counts as delivered. 429, 5xx, no answer within LINE_TIMEOUT_MS
 * or no connection are worth another attempt; any other 4xx (a bad token, a user id LINE does not
 * know, a text LINE refuses) is a PermanentDeliveryError.
 */
export function lineDelivery(
  options: { apiUrl: string; channelAccessToken: string },
  fetchFn: typeof fetch = fetch,
): Delivery {
  const url = `${options.apiUrl}/v2/bot/message/push`;
  return {
    async send(message) {
      const res = await fetchFn(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.channelAccessToken}`,
          'content-type': 'application/json',
          'x-line-retry-key': message.key ?? randomUUID(),
        },
        body: JSON.stringify({ to: message.to, messages: [{ type: 'text', text: message.text }] }),
        signal: AbortSignal.timeout(LINE_TIMEOUT_MS),
      });
      if (res.ok || res.status === 409) {
        await res.body?.cancel();
        return;
      }
      const detail = lineErrorMessage(await res.text().catch(() => ''));
      const error = `LINE answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`;
      if (res.status === 429 || res.status >= 500) throw new Error(error);
      throw new PermanentDeliveryError(error);
    },
  };
}
