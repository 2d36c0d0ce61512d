import { createHash, randomInt } from 'node:crypto';
import { STAFF_RECOVERY_CODES } from '@bahtdesk/contract';

/**
 * Single-use recovery codes (decision 0019): ten per enrolment, each ten characters from a
 * 32-letter alphabet without look-alikes (50 random bits), shown once as 'k7m2q-9xw4p'. Only the
 * SHA-256 of the normalised code is kept: the codes are random, so a slow hash adds nothing.
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 10;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten distinct new codes, as shown to the staff member. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < STAFF_RECOVERY_CODES) codes.add(newCode());
  return [...codes];
}

/** The stored form of a code as typed: case and dashes do not matter. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replaceAll('-', '')).digest('hex');
}
