import { z } from 'zod';
import { E } from '../../errors.ts';
import { KYC_NOTE_MAX_LENGTH } from '../../limits.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';
import { pageQuery } from './common.ts';

/**
 * What the review queues (identity submissions, income proofs) share in their calls: the queue's
 * query and the decision's body. Their statuses, reasons and error codes are their own.
 */

/** `?status=&page=&pageSize=` of a review queue: `statuses[0]` (waiting) by default, 100 a page at most. */
export function reviewQueueQuery<const S extends readonly [string, ...string[]]>(statuses: S) {
  const status = z.enum(statuses);
  return pageQuery(100, 20).extend({ status: status.default(statuses[0] as z.output<typeof status>) });
}

/**
 * A decision: `accept`, or `refuse` with one of the common reasons and a note the member reads as
 * typed (trimmed, no control characters, at most KYC_NOTE_MAX_LENGTH; empty is none). Whether
 * the reason 'other' needs the note is the service's rule, with its own error code.
 */
export const reviewDecisionBody = <A extends string, R extends string, C extends z.ZodType>(
  accept: A,
  refuse: R,
  reasonCode: C,
) =>
  z.discriminatedUnion(
    'decision',
    [
      z.object({ decision: z.literal(accept) }),
      z.object({
        decision: z.literal(refuse),
        reasonCode,
        note: cappedString(KYC_NOTE_MAX_LENGTH, codeMessage(E.INVALID_INPUT))
          .trim()
          .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT))
          .transform((s) => (s === '' ? null : s))
          .nullable()
          .optional(),
      }),
    ],
    { error: codeMessage(E.INVALID_INPUT) },
  );
