import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

const secret = newTotpSecret();
const codeAt = (timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  });
/** The middle of a time step, so a step of drift either way is unambiguous. */
const now = 1_800_000_015_000;
const step = Math.floor(now / 30_000);

describe('TOTP (RFC 6238: SHA-1, 30 s, 6 digits, one step of drift)', () => {
  it('accepts the current code and a code one step early or late, naming its time step', () => {
    expect(totpStep(secret, codeAt(now), now)).toBe(step);
    expect(totpStep(secret, codeAt(now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, codeAt(now + 30_000), now)).toBe(step + 1);
  });

  it('refuses a code two steps away either way', () => {
    expect(totpStep(secret, codeAt(now - 60_000), now)).toBeNull();
    expect(totpStep(secret, codeAt(now + 60_000), now)).toBeNull();
  });

  it('matches the RFC 6238 test vector (SHA-1, time 59 s)', () => {
    // RFC 6238 appendix B: secret '12345678901234567890', T = 59 s -> 94287082 (8 digits); 6 digits: 287082.
    const rfcSecret = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;
    expect(totpStep(rfcSecret, '287082', 59_000)).toBe(1);
  });

  it('makes 160-bit secrets and an otpauth:// address with issuer BahtDesk', () => {
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    const uri = new URL(totpUri(secret, 'somchai'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/BahtDesk:somchai');
    expect(uri.searchParams.get('issuer')).toBe('BahtDesk');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of the form xxxxx-xxxxx, hashed ignoring case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const first = codes[0] ?? '';
    expect(hashRecoveryCode(first.toUpperCase().replace('-', ''))).toBe(hashRecoveryCode(first));
    expect(hashRecoveryCode(first)).toMatch(/^[0-9a-f]{64}$/);
  });
});
