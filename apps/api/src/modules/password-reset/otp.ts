import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit one-time password from the operating system's secure random source. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * What is stored of an OTP: SHA-256 over a per-member salt (`member:<id>`) and the code, so equal
 * codes of different members never share a stored value. A 6-digit code cannot be protected by
 * hashing against someone who reads the table (a million tries); what keeps it safe is its
 * 5-minute life, 5 tries and single use.
 */
export function hashOtp(salt: string, otp: string): string {
  return createHash('sha256').update(`${salt}:${otp}`).digest('hex');
}

export function otpMatches(salt: string, otp: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(salt, otp), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
