import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `signature` (the X-Line-Signature header) is the base64 HMAC-SHA256 of the raw body
 * keyed by the channel secret: the proof that the LINE platform sent the webhook call. Compared in
 * constant time.
 */
export function validLineSignature(
  channelSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature the LINE platform sends with `rawBody` (for tests and the fake LINE server). */
export function lineSignature(channelSecret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}
