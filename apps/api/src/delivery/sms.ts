import type { Delivery } from './delivery.ts';

/**
 * SMS through an HTTP gateway: `POST SMS_GATEWAY_URL` with the JSON body `{ "to", "text" }` and the
 * message's key (its outbox row's retry key, the same on every attempt) as `Idempotency-Key`, so a
 * gateway that honours it drops a copy (decision 0095). Credentials, when the gateway needs them, go
 * in the URL (basic auth or a query key). Any answer other than 2xx, or no answer within 10 s, is a
 * failed delivery.
 */
export function smsDelivery(gatewayUrl: string, fetchFn: typeof fetch = fetch): Delivery {
  const url = new URL(gatewayUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return {
    async send(message) {
      const res = await fetchFn(url, {
        method: 'POST',
        headers: message.key ? { ...headers, 'idempotency-key': message.key } : headers,
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}
