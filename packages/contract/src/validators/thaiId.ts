import { E } from '../errors.ts';
import { codeMessage } from './messages.ts';
import { cappedString, inputCap } from './text.ts';

/**
 * A Thai national ID card number: 13 digits, the last a check digit of the first twelve
 * (each digit times 13 down to 2, summed; the check is (11 - sum mod 11) mod 10). Spaces and dashes
 * as printed on the card (1 2345 67890 12 1, 1-2345-67890-12-1) are ignored; the digits alone are
 * stored.
 */
export function normaliseThaiIdNumber(s: string): string {
  return s.trim().replace(/[\s-]/g, '');
}

/** A Thai ID number (13 digits) as printed on the card: 1-2345-67890-12-3. */
export function formatThaiIdNumber(digits: string): string {
  return `${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`;
}

/** The check digit of the first twelve digits of a Thai ID number. */
export function thaiIdCheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/** Whether a Thai ID number (digits only) has 13 digits and the right check digit. */
export function isValidThaiIdNumber(digits: string): boolean {
  return /^[0-9]{13}$/.test(digits) && thaiIdCheckDigit(digits) === Number(digits[12]);
}

/** The number typed from the card: 13 digits (10044), and the check digit right (10045). */
export const thaiIdNumberSchema = cappedString(
  inputCap(13),
  codeMessage(E.ID_CARD_NUMBER_INVALID),
  codeMessage(E.ID_CARD_NUMBER_INVALID),
)
  .overwrite(normaliseThaiIdNumber)
  .regex(/^[0-9]{13}$/, { error: codeMessage(E.ID_CARD_NUMBER_INVALID), abort: true })
  .refine(isValidThaiIdNumber, codeMessage(E.ID_CARD_NUMBER_CHECK_DIGIT));
