import type { z } from 'zod';
import { E, type ErrorDef, errorByCode, type Lang } from '../errors.ts';

/**
 * How validation messages work in both languages.
 *
 * Every zod issue raised by the contract's schemas carries, as its `message`, the decimal code of
 * an entry in the error catalogue (errors.ts), e.g. '10025' for "Username must be ...". The text
 * itself is never baked into a schema, so one schema serves every language:
 *
 * - a browser form (react-hook-form + zodResolver) gets `error.message === '10025'` and shows
 *   `validationMessage(error.message, lang)`, in Thai or English as the page is;
 * - the server answers a failed request with the code of its first issue (`issueCode`) and that
 *   code's message in the request's language, so the member sees the same words either way.
 *
 * An issue may name one of its code's variants after a colon ('10021:solana'): the code stays the
 * same, the words are the variant's ('Invalid USDT Address (Solana)').
 *
 * A message that is not a catalogue code (a zod built-in such as "expected object") falls back to
 * E.INVALID_INPUT, 'Please enter correct information.'.
 */
export const codeMessage = (d: ErrorDef, variant?: string): string =>
  variant === undefined ? String(d.code) : `${d.code}:${variant}`;

/** The catalogue entry an issue message stands for, in its variant's words; E.INVALID_INPUT for anything else. */
export function issueDef(message: string): ErrorDef {
  const [, code, variant] = /^(\d+)(?::(\w+))?$/.exec(message) ?? [];
  const d = code === undefined ? undefined : errorByCode(Number(code));
  if (!d) return E.INVALID_INPUT;
  // Own keys only: '10021:constructor' is no variant.
  const words = variant && d.variants && Object.hasOwn(d.variants, variant) ? d.variants[variant] : undefined;
  return words ? { ...d, ...words } : d;
}

/** The catalogue code an issue stands for; E.INVALID_INPUT for anything else. */
export function issueCode(issue: Pick<z.core.$ZodIssue, 'message'>): number {
  return issueDef(issue.message).code;
}

/** The code of the first issue of a failed parse (what the API answers with). */
export function firstIssueCode(error: z.ZodError): number {
  const first = error.issues[0];
  return first ? issueCode(first) : E.INVALID_INPUT.code;
}

/** The text a form shows for an issue message, in the page's language. */
export function validationMessage(message: string | undefined, lang: Lang): string {
  return issueDef(message ?? '')[lang];
}
