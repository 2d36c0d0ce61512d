import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in a session token or reset ticket: 256 bits, twice the required minimum. */
const TOKEN_BYTES = 32;

/** A new opaque token: what the client gets (`token`) and the only thing stored (`hash`). */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 of a token, hex. Tokens are high-entropy, so a fast unsalted hash is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header ?? '');
  return match?.[1];
}
