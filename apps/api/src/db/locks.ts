import type { Kysely } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import type { DB } from './schema.ts';

/**
 * The member's row, locked until the transaction ends, so one member's changes of one kind happen
 * one at a time (payment details under the 10-entry limit, OTPs under the resend countdown). Every
 * module that serialises per member takes this one lock, so they cannot deadlock on each other.
 */
export function lockMemberQuery(trx: Kysely<DB>, memberId: number) {
  return trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate();
}

/** The lock as a statement built once: a named prepared statement on PostgreSQL (compiled-once.ts). */
export const lockMemberOnce = compiledOnce(lockMemberQuery);

export async function lockMember(trx: Kysely<DB>, memberId: number): Promise<void> {
  await lockMemberOnce(trx, memberId);
}
