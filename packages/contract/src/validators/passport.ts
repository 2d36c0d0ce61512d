import { E } from '../errors.ts';
import { codeMessage } from './messages.ts';
import { cappedString, inputCap } from './text.ts';

/**
 * A passport's number as printed on its data page: 6 to 12 letters and digits, at least one of them
 * a digit (ICAO 9303 gives the number nine characters; countries print fewer or, rarely, more).
 * Spaces as some passports print them are ignored; letters are stored in upper case.
 */
const PASSPORT_NUMBER = /^[A-Za-z0-9]{6,12}$/;
const hasDigit = (s: string) => /[0-9]/.test(s);

/** Whether a typed passport number has the shape of one (spaces and case aside). */
export function isValidPassportNumber(s: string): boolean {
  const typed = s.replace(/\s/g, '');
  return PASSPORT_NUMBER.test(typed) && hasDigit(typed);
}

/** The number typed from the passport: its shape, or 10053. */
export const passportNumberSchema = cappedString(
  inputCap(12),
  codeMessage(E.PASSPORT_NUMBER_INVALID),
  codeMessage(E.PASSPORT_NUMBER_INVALID),
)
  .overwrite((s) => s.replace(/\s/g, ''))
  .regex(PASSPORT_NUMBER, { error: codeMessage(E.PASSPORT_NUMBER_INVALID), abort: true })
  .refine(hasDigit, { error: codeMessage(E.PASSPORT_NUMBER_INVALID), abort: true })
  .overwrite((s) => s.toUpperCase());
