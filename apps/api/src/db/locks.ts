import { type Kysely, sql } from 'kysely';
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

/**
 * The rates' advisory lock: a rate change holds it alone (rates/repository.ts `lockRateChanges`),
 * an order's create holds it shared (below), both until their transaction ends.
 */
export const RATES_LOCK = sql<number>`hashtext('bahtdesk.rates')`;

/**
 * lockMember for an order (decision 0097), in the same one statement: the member's row, then the
 * rates held still, shared. The row comes first (the subquery locks it before the outer select
 * takes the rates' lock), so a create waiting for its member never holds back a rate change. Once
 * this returns, no rate change commits until the create does, and one that committed before is
 * seen by the create's next statement: the rate it checks there is the rate in force when it commits.
 */
export const lockMemberForOrder = compiledOnce((trx: Kysely<DB>, memberId: number) =>
  trx
    .selectFrom(lockMemberQuery(trx, memberId).as('m'))
    .select(['m.id', sql<unknown>`pg_advisory_xact_lock_shared(${RATES_LOCK})`.as('rates')]),
);
