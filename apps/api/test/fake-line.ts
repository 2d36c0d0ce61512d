import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the LINE platform (decision 0079), on a free loopback port, for the API
 * tests and the browser journey:
 * - its Messaging API takes `POST /v2/bot/message/push` and checks each request as LINE documents
 *   it: the bearer token, a JSON body of exactly `{ to, messages: [{ type: 'text', text }] }` and
 *   a UUID `X-Line-Retry-Key`; a request that breaks a rule answers 400 and is kept in `refused`.
 *   A retry key already accepted answers 409, as LINE does. `failNext(n, status)` makes the next
 *   n pushes answer `status` (500, 429, ...) without accepting them.
 * - it plays LINE calling the desk's webhook: `webhookCall(events)` is the raw body and the
 *   X-Line-Signature LINE would send, and `sendWebhook(url, events)` posts it.
 */
export async function startFakeLine(options: { channelAccessToken: string; channelSecret: string }) {
  const pushes: { to: string; text: string; retryKey: string }[] = [];
  const attempts: { retryKey: string; status: number }[] = [];
  const refused: string[] = [];
  const accepted = new Set<string>();
  let failures: { left: number; status: number } = { left: 0, status: 500 };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const problem = pushProblem(req.method, req.url, req.headers, raw, options.channelAccessToken);
      if (problem) {
        refused.push(problem);
        return answer(400, { message: problem });
      }
      const retryKey = String(req.headers['x-line-retry-key']);
      if (accepted.has(retryKey)) {
        attempts.push({ retryKey, status: 409 });
        return answer(409, { message: 'The retry key is already accepted' });
      }
      if (failures.left > 0) {
        failures.left -= 1;
        attempts.push({ retryKey, status: failures.status });
        return answer(failures.status, { message: 'Failing as told' });
      }
      const body = JSON.parse(raw) as { to: string; messages: { text: string }[] };
      accepted.add(retryKey);
      attempts.push({ retryKey, status: 200 });
      pushes.push({ to: body.to, text: body.messages[0]?.text ?? '', retryKey });
      answer(200, { sentMessages: [{ id: randomUUID(), quoteToken: randomUUID() }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function webhookCall(events: object[]): { body: string; signature: string } {
    const body = JSON.stringify({ destination: 'Udesk', events });
    return { body, signature: createHmac('sha256', options.channelSecret).update(body).digest('base64') };
  }

  return {
    url,
    /** Pushes LINE accepted, in order. */
    pushes,
    /** Every push that passed the checks, with what it was answered. */
    attempts,
    /** Why requests that broke a rule were refused. */
    refused,
    failNext(left: number, status: number) {
      failures = { left, status };
    },
    webhookCall,
    async sendWebhook(webhookUrl: string, events: object[]): Promise<number> {
      const { body, signature } = webhookCall(events);
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
      await res.body?.cancel();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeLine = Awaited<ReturnType<typeof startFakeLine>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is wrong with a push request, or undefined when it is what LINE documents. */
function pushProblem(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  raw: string,
  token: string,
): string | undefined {
  if (method !== 'POST' || url !== '/v2/bot/message/push') return `unknown call ${method} ${url}`;
  if (headers.authorization !== `Bearer ${token}`) return 'wrong or missing bearer token';
  if (!String(headers['content-type']).startsWith('application/json')) return 'not JSON';
  if (!UUID.test(String(headers['x-line-retry-key'] ?? ''))) return 'X-Line-Retry-Key is not a UUID';
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'body is not JSON';
  }
  const b = body as { to?: unknown; messages?: unknown };
  if (Object.keys(b).sort().join() !== 'messages,to') return 'body keys are not exactly to, messages';
  // A push goes to a user, a group or a room id (a desk alert goes to a group).
  if (typeof b.to !== 'string' || !/^[UCR][0-9a-f]{32}$/.test(b.to))
    return '`to` is not a LINE user, group or room id';
  const messages = b.messages as { type?: unknown; text?: unknown }[];
  if (!Array.isArray(messages) || messages.length !== 1) return 'messages must hold one message';
  const [m] = messages;
  if (!m || Object.keys(m).sort().join() !== 'text,type' || m.type !== 'text') return 'not a text message';
  if (typeof m.text !== 'string' || m.text.length < 1 || m.text.length > 5000)
    return 'text empty or too long';
  return undefined;
}

/** A LINE user id as LINE makes them: U and 32 hex digits. */
export function lineUserId(): string {
  return `U${randomUUID().replaceAll('-', '')}`;
}

/** The webhook event of a text the LINE user sent to the desk's account. */
export function textEvent(userId: string, text: string, webhookEventId = randomUUID()) {
  return {
    type: 'message',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId,
    deliveryContext: { isRedelivery: false },
    replyToken: randomUUID().replaceAll('-', ''),
    source: { type: 'user', userId },
    message: { id: String(Date.now()), type: 'text', quoteToken: 'q', text },
  };
}

/** The webhook event of the LINE user blocking (unfollowing) the desk's account. */
export function unfollowEvent(userId: string) {
  return {
    type: 'unfollow',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: randomUUID(),
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId },
  };
}
