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
