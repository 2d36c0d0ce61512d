import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * clientSignature (decision 0007): a short-lived signed nonce the browser fetches from
 * `GET /api/clientSignature` and sends with anonymous POSTs. It is stateless (an HMAC over the
 * issue time and a nonce), so every server process that shares the secret accepts it.
 *
 * Format: `<issuedAtMs>.<nonce>.<mac>`, all URL-safe.
 */
export interface ClientSignatures {
  issue(now?: number): { signature: string; expiresAt: number };
  isValid(signature: string | undefined, now?: number): boolean;
}

export function createClientSignatures(secret: string, ttlMs: number): ClientSignatures {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(now = Date.now()) {
      const payload = `${now}.${randomBytes(16).toString('base64url')}`;
      return { signature: `${payload}.${mac(payload)}`, expiresAt: now + ttlMs };
    },
    isValid(signature, now = Date.now()) {
      const parts = signature?.split('.');
      if (parts?.length !== 3) return false;
      const [issued, nonce, given] = parts as [string, string, string];
      if (!/^\d{1,15}$/.test(issued) || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return false;
      const issuedAt = Number(issued);
      if (issuedAt > now + 60_000 || now - issuedAt > ttlMs) return false;
      const expected = Buffer.from(mac(`${issued}.${nonce}`));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
