import type { z } from 'zod';
import { E, type ErrorDef, errorByCode, type Lang, messageFor } from '../errors.ts';

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
 * A message that is not a catalogue code (a zod built-in such as "expected object") falls back to
 * E.INVALID_INPUT, 'Please enter correct information.'.
 */
export const codeMessage = (d: ErrorDef): string => String(d.code);

/** The catalogue code an issue stands for; E.INVALID_INPUT for anything else. */
export function issueCode(issue: Pick<z.core.$ZodIssue, 'message'>): number {
  const n = /^\d+$/.test(issue.message) ? Number(issue.message) : Number.NaN;
  return errorByCode(n) ? n : E.INVALID_INPUT.code;
}

/** The code of the first issue of a failed parse (what the API answers with). */
export function firstIssueCode(error: z.ZodError): number {
  const first = error.issues[0];
  return first ? issueCode(first) : E.INVALID_INPUT.code;
}

/** The text a form shows for an issue message, in the page's language. */
export function validationMessage(message: string | undefined, lang: Lang): string {
  return messageFor(issueCode({ message: message ?? '' }), lang);
}
