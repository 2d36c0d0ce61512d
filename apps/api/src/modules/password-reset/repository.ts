import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of the forgot-password flow. OTPs and reset tickets are both rows of otp_codes (told apart
 * by purpose), stored only as hashes; each is consumed by a conditional UPDATE ... WHERE used_at
 * IS NULL ... RETURNING, so of two requests racing with the same one exactly one gets a row back.
 */
export const OTP_PURPOSE = 'password_reset';
export const TICKET_PURPOSE = 'reset_ticket';
/**
 * A username sent (forgot username): a row with no code, already expired, kept only so that the
 * same limits as the OTPs' apply to how often it is sent.
 */
export const USERNAME_PURPOSE = 'username_reminder';

export type Destination = { channel: 'email'; email: string } | { channel: 'phone'; phone: string };

/** When the member's OTPs (or usernames sent) since `since` were made and which address asked, newest first. */
export function recentOtps(
  trx: Kysely<DB>,
  memberId: number,
  since: Date,
  purpose: typeof OTP_PURPOSE | typeof USERNAME_PURPOSE = OTP_PURPOSE,
) {
  return trx
    .selectFrom('otp_codes')
    .select(['created_at', 'requested_ip'])
    .where('member_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends every OTP and ticket of the member still unused (a confirmed OTP ends the others). */
export async function retireUnused(trx: Kysely<DB>, memberId: number, now: Date): Promise<void> {
  await trx
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** Stores an OTP or a ticket (its hash) and returns its id. */
export async function insertCode(
  trx: Kysely<DB>,
  code: {
    memberId: number;
    purpose: typeof OTP_PURPOSE | typeof TICKET_PURPOSE | typeof USERNAME_PURPOSE;
    channel: 'email' | 'sms';
    hash: string;
    expiresAt: Date;
    now: Date;
    requestedIp?: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('otp_codes')
    .values({
      member_id: code.memberId,
      purpose: code.purpose,
      channel: code.channel,
      code_hash: code.hash,
      expires_at: code.expiresAt,
      created_at: code.now,
      requested_ip: code.requestedIp ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's newest OTP: what it says decides the answer when no live OTP had a try left. */
export function latestOtp(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('member_id', '=', memberId)
    .where('purpose', '=', OTP_PURPOSE)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims one try at each of the member's live OTPs (unused, unexpired, tries left) in one UPDATE,
 * returning those it claimed: a guess is compared with every live OTP and costs a try on each, so
 * each OTP still takes at most `maxTries` comparisons however the guesses are spread.
 */
export function claimLiveTriesQuery(db: Kysely<DB>, memberId: number, now: Date, maxTries: number) {
  return db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('member_id', '=', memberId)
    .where('purpose', '=', OTP_PURPOSE)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .returning(['id', 'code_hash', 'attempts']);
}

/** Uses up an OTP; a row (its channel) only for the one request that did. */
export function consumeOtpQuery(trx: Kysely<DB>, otpId: number, now: Date) {
  return trx
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', otpId)
    .where('used_at', 'is', null)
    .returning('channel');
}

/** The reset ticket of this hash while it can still be used: unused and unexpired. */
const liveTicket = (ticketHash: string, now: Date) => (eb: ExpressionBuilder<DB, 'otp_codes'>) =>
  eb.and([
    eb('code_hash', '=', ticketHash),
    eb('purpose', '=', TICKET_PURPOSE),
    eb('used_at', 'is', null),
    eb('expires_at', '>', now),
  ]);

/** Whether a reset ticket is live (a read: consumeTicketQuery decides). */
export function findLiveTicket(db: Kysely<DB>, ticketHash: string, now: Date) {
  return db.selectFrom('otp_codes').select('id').where(liveTicket(ticketHash, now)).executeTakeFirst();
}

/** Uses up a live reset ticket; a row (its member) only for the one request that did. */
export function consumeTicketQuery(trx: Kysely<DB>, ticketHash: string, now: Date) {
  return trx
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where(liveTicket(ticketHash, now))
    .returning('member_id');
}
