import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit one-time password from the operating system's secure random source. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * What is stored of an OTP: SHA-256 over the row's own random salt and the code, so equal codes
 * of different requests never share a stored value.
 */
export function hashOtp(salt: string, otp: string): string {
  return createHash('sha256').update(`${salt}:${otp}`).digest('hex');
}

export function otpMatches(salt: string, otp: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(salt, otp), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
