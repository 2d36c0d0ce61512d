import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the members table that more than one module uses. */

/**
 * The member's row, locked until the transaction ends, so one member's changes of one kind happen
 * one at a time (payment details under the 10-entry limit, OTPs under the resend countdown).
 */
export function lockMemberQuery(trx: Kysely<DB>, memberId: number) {
  return trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate();
}

export async function setPasswordHash(
  trx: Kysely<DB>,
  memberId: number,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  await trx
    .updateTable('members')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}
