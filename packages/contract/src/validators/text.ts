import { z } from 'zod';

/**
 * What a text field costs and what it may hold (decision 0015).
 *
 * Input cost: a request body may be large (1 MiB, several MB for the calls that carry images), so
 * any one string field may be nearly that long. Every string rule of the contract starts with
 * `cappedString`: the raw length is compared with the field's cap and, past it, the field's own
 * code is the only issue and nothing else runs on the text (no trim, normalisation, regex or
 * refinement). The cap is twice the field's longest stored value and at least 64 (`inputCap`), so
 * anything a person could mean is still judged by the field's usual checks and codes.
 */
export const inputCap = (max: number): number => Math.max(64, 2 * max);

/** A string whose raw length is checked first: past `cap`, the issue `tooLong` and nothing else. */
export const cappedString = (cap: number, tooLong: string, notString: string = tooLong) =>
  z.string({ error: notString }).max(cap, { error: tooLong, abort: true });

/** Free text may hold any printable character, never a control character (NUL cannot be stored). */
export const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;

/**
 * Characters that draw nothing or reorder what is drawn around them, so that what a screen shows
 * differs from what is stored: format characters (Unicode category Cf: zero-width space and joiners
 * U+200B-U+200D, the marks U+200E-U+200F and U+061C, the bidirectional embeddings and overrides
 * U+202A-U+202E and isolates U+2066-U+2069, the word joiner U+2060 and invisible operators, the
 * byte order mark U+FEFF, the soft hyphen U+00AD, tag characters), the line and paragraph
 * separators U+2028 and U+2029 (Zl, Zp), and lone surrogates (Cs), which are not text at all.
 */
const INVISIBLE_RE = /[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

export function hasInvisibleChars(s: string): boolean {
  return INVISIBLE_RE.test(s);
}

/** Refuses invisible and direction-changing characters with `invalid`, and stops the field's checks. */
export const visibleOnly = <S extends z.ZodString>(schema: S, invalid: string): S =>
  schema.refine((s) => !hasInvisibleChars(s), { error: invalid, abort: true });
