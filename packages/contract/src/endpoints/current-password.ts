import { E } from '../errors.ts';
import { codeMessage } from '../validators/messages.ts';
import { cappedString } from '../validators/text.ts';

/**
 * The member's current password, asked before a change a stolen session must not make (a new
 * password, email or phone; adding, changing or deleting a payout destination). Present is all the
 * schema checks (and a sane length); the server compares it (10017 when wrong, counted like a failed sign-in).
 */
export const currentPasswordSchema = cappedString(
  256,
  codeMessage(E.CURRENT_PASSWORD_INCORRECT),
  codeMessage(E.REQUIRED),
).min(1, codeMessage(E.REQUIRED));
