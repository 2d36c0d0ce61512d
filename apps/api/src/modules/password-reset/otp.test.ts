import { describe, expect, it } from 'vitest';
import { hashOtp, newOtp, otpMatches } from './otp.ts';

describe('OTP', () => {
  it('is exactly 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(newOtp()).toMatch(/^\d{6}$/);
  });

  it('comes from a random source that covers the whole range', () => {
    const firstDigits = new Set(Array.from({ length: 2000 }, () => newOtp()[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('is stored as a salted hash and matched against it', () => {
    const stored = hashOtp('salt1', '012345');
    expect(stored).not.toContain('012345');
    expect(hashOtp('salt2', '012345')).not.toBe(stored);
    expect(otpMatches('salt1', '012345', stored)).toBe(true);
    expect(otpMatches('salt1', '012346', stored)).toBe(false);
    expect(otpMatches('salt2', '012345', stored)).toBe(false);
  });
});
