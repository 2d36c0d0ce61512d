import { z } from 'zod';
import { E } from '../errors.ts';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../limits.ts';
import { codeMessage } from './messages.ts';
import { cappedString, hasInvisibleChars, inputCap, visibleOnly } from './text.ts';

/**
 * A required text field of at most `max` characters: missing, not a string or blank all read
 * "This field is required."; longer than `max` reads `tooLong`.
 */
export const requiredText = (max: number, tooLong: string) =>
  cappedString(inputCap(max), tooLong, codeMessage(E.REQUIRED))
    .trim()
    .min(1, codeMessage(E.REQUIRED))
    .max(max, tooLong);

// Username: ASCII letters and digits only (spec: letters or numbers), 4 to 20 characters.
const USERNAME_CHARS = /^[A-Za-z0-9]*$/;
export function isValidUsername(s: string): boolean {
  return s.length >= USERNAME_MIN_LENGTH && s.length <= USERNAME_MAX_LENGTH && USERNAME_CHARS.test(s);
}
export const usernameSchema = cappedString(
  inputCap(USERNAME_MAX_LENGTH),
  codeMessage(E.USERNAME_LENGTH),
  codeMessage(E.REQUIRED),
)
  .min(1, codeMessage(E.REQUIRED))
  .regex(USERNAME_CHARS, codeMessage(E.USERNAME_SPECIAL_CHARS))
  .min(USERNAME_MIN_LENGTH, codeMessage(E.USERNAME_LENGTH))
  .max(USERNAME_MAX_LENGTH, codeMessage(E.USERNAME_LENGTH));

// Password: A-Z, a-z, 0-9 only, 6 to 64 characters. Never trimmed.
const PASSWORD_RE = new RegExp(`^[A-Za-z0-9]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
export function isValidPassword(s: string): boolean {
  return s.length <= PASSWORD_MAX_LENGTH && PASSWORD_RE.test(s);
}
export const passwordSchema = cappedString(
  inputCap(PASSWORD_MAX_LENGTH),
  codeMessage(E.PASSWORD_INVALID),
  codeMessage(E.REQUIRED),
)
  .min(1, codeMessage(E.REQUIRED))
  .regex(PASSWORD_RE, codeMessage(E.PASSWORD_INVALID));

/** The repeated password: only needs to be present; whether it matches is checked on the object. */
export const passwordConfirmationSchema = cappedString(
  inputCap(PASSWORD_MAX_LENGTH),
  codeMessage(E.PASSWORD_INVALID),
  codeMessage(E.PASSWORD_CONFIRM_REQUIRED),
).min(1, codeMessage(E.PASSWORD_CONFIRM_REQUIRED));

/**
 * Adds the "passwords don't match" check to an object schema holding a password and its
 * confirmation; the issue lands on the confirmation field. It runs even when other fields of the
 * form are still wrong, so the member sees every problem at once.
 */
export function withPasswordConfirmation<S extends z.ZodObject>(
  schema: S,
  passwordKey = 'password',
  confirmKey = 'confirmPassword',
) {
  return schema.superRefine(
    (v, ctx) => {
      const value = v as Record<string, unknown>;
      if (value[confirmKey] !== value[passwordKey]) {
        ctx.addIssue({ code: 'custom', path: [confirmKey], message: codeMessage(E.PASSWORD_MISMATCH) });
      }
    },
    {
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | null;
        return (
          typeof value?.[passwordKey] === 'string' &&
          typeof value[confirmKey] === 'string' &&
          value[confirmKey] !== ''
        );
      },
    },
  );
}

// OTP: exactly 6 ASCII digits (spaces around a pasted code are ignored).
const OTP_RE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);
export function isValidOtp(s: string): boolean {
  return s.length <= inputCap(OTP_LENGTH) && OTP_RE.test(s.trim());
}
export const otpSchema = cappedString(
  inputCap(OTP_LENGTH),
  codeMessage(E.OTP_FORMAT),
  codeMessage(E.REQUIRED),
)
  .trim()
  .min(1, codeMessage(E.REQUIRED))
  .regex(OTP_RE, codeMessage(E.OTP_FORMAT));

/**
 * First or last name: Thai or English letters (docs/product.md, Validation), as on a passport or ID
 * card. Decision: words may be separated by single spaces ("Mary Jane", "ณัฐ พล"), and a hyphen or
 * an apostrophe may join letters inside a word ("Doe-Smith", "O'Brien"), as passports print them;
 * runs of whitespace are collapsed, the ends trimmed, and the typographic apostrophe (’, U+2019,
 * which phones type) is stored as the plain one. Digits, Thai digits, the baht sign, a hyphen or
 * apostrophe at a word's start or end or two in a row, and other punctuation are refused.
 * Invisible and direction-changing characters (text.ts) are refused before any normalising, so
 * none is silently turned into a space or trimmed away.
 * Thai letters are the consonants, vowels, tone and other marks of U+0E01-U+0E3A and U+0E40-U+0E4E.
 */
const NAME_LETTERS = '[A-Za-z\\u0E01-\\u0E3A\\u0E40-\\u0E4E]+';
const NAME_WORD = `${NAME_LETTERS}(?:[-']${NAME_LETTERS})*`;
const NAME_RE = new RegExp(`^${NAME_WORD}(?: ${NAME_WORD})*$`);
const normaliseName = (s: string) =>
  s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\u2019/g, "'");
export function isValidName(s: string): boolean {
  if (s.length > inputCap(NAME_MAX_LENGTH) || hasInvisibleChars(s)) return false;
  const n = normaliseName(s);
  return n.length <= NAME_MAX_LENGTH && NAME_RE.test(n);
}
export const personNameSchema = visibleOnly(
  cappedString(inputCap(NAME_MAX_LENGTH), codeMessage(E.NAME_INVALID), codeMessage(E.REQUIRED)),
  codeMessage(E.NAME_INVALID),
)
  .overwrite(normaliseName)
  .min(1, codeMessage(E.REQUIRED))
  .max(NAME_MAX_LENGTH, codeMessage(E.NAME_INVALID))
  .regex(NAME_RE, codeMessage(E.NAME_INVALID));

// Email: trimmed and lower-cased (so uniqueness ignores case), at most 254 characters.
const emailFormat = z.email();
export function isValidEmail(s: string): boolean {
  if (s.length > inputCap(EMAIL_MAX_LENGTH)) return false;
  const n = s.trim().toLowerCase();
  return n.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(n).success;
}
export const emailSchema = cappedString(
  inputCap(EMAIL_MAX_LENGTH),
  codeMessage(E.EMAIL_INVALID),
  codeMessage(E.REQUIRED),
)
  .trim()
  .toLowerCase()
  .min(1, codeMessage(E.REQUIRED))
  .max(EMAIL_MAX_LENGTH, codeMessage(E.EMAIL_INVALID))
  .pipe(z.email({ error: codeMessage(E.EMAIL_INVALID) }));

/**
 * Thai phone number. Decision: a member's phone is where an OTP SMS goes, so only mobile numbers
 * are accepted: 10 digits starting 06, 08 or 09. Landlines (02 and provincial, 9 digits) cannot
 * receive an SMS and are refused. Spaces, dashes, dots and brackets are ignored, and the
 * international form (+66 81 234 5678, 66812345678, +66 0812345678) is normalised to the national
 * form 0812345678, which is what is stored and compared.
 */
const THAI_MOBILE = /^0[689][0-9]{8}$/;
/** Room for the longest way of writing a number ('+66 (0) 81-234-5678') with spaces around it. */
const PHONE_CAP = 64;
export function normaliseThaiPhone(s: string): string | null {
  if (s.length > PHONE_CAP) return null;
  const compact = s.trim().replace(/[\s\-.()]/g, '');
  const national = compact.replace(/^(?:\+|00)?66(?:0)?(?=[0-9]{9}$)/, '0');
  return THAI_MOBILE.test(national) ? national : null;
}
/** A stored mobile number (national form, 10 digits) as Thais write it: '0812345678' -> '081-234-5678'. */
export function formatThaiPhone(national: string): string {
  return THAI_MOBILE.test(national)
    ? `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`
    : national;
}
export function isValidThaiPhone(s: string): boolean {
  return normaliseThaiPhone(s) !== null;
}
export const thaiPhoneSchema = cappedString(PHONE_CAP, codeMessage(E.PHONE_INVALID), codeMessage(E.REQUIRED))
  .trim()
  .min(1, codeMessage(E.REQUIRED))
  .transform((s, ctx) => {
    const n = normaliseThaiPhone(s);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: codeMessage(E.PHONE_INVALID) });
      return z.NEVER;
    }
    return n;
  });
