import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as RFC 6238 with the `otpauth` library: SHA-1, 30-second steps, six digits, one step of
 * clock drift either way (decision 0019). A code is identified by its time step, so the caller
 * can refuse a step already used.
 */
const PERIOD = 30;
const WINDOW = 1;
export const TOTP_ISSUER = 'BahtDesk';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** `otpauth://totp/BahtDesk:<username>?issuer=BahtDesk&secret=...`, for an authenticator app. */
export function totpUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

/** The time step the code belongs to (within one step of `now`), or null when it matches none. */
export function totpStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
