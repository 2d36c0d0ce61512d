import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the dashboard's figures: counts over members, KYC submissions and orders. */

/** Members, all of them or those who signed up from `since` on. */
export async function countMembers(db: Kysely<DB>, since?: Date): Promise<number> {
  let query = db.selectFrom('members').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (since) query = query.where('created_at', '>=', since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Members whose newest KYC submission waits for a decision (decision 0014). */
export async function countKycWaiting(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('kyc_submissions as k')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('k.status', '=', 'waiting')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('kyc_submissions as newer')
            .select('newer.id')
            .whereRef('newer.member_id', '=', 'k.member_id')
            .whereRef('newer.id', '>', 'k.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders still open, by status: `pending` ones whose payment deadline has not passed (a pending
 * order past it can no longer be paid) and every `request`.
 */
export function countOpenOrders(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom('transactions')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('deadline_at', '>', now)]),
        eb('status', '=', 'request'),
      ]),
    )
    .groupBy('status')
    .execute();
}

/** Orders in `request`: those waiting for a decision, and those prepared and waiting for approval. */
export async function countRequests(db: Kysely<DB>): Promise<{ orders: number; approvals: number }> {
  const row = await db
    .selectFrom('transactions')
    .select([
      (eb) => eb.fn.countAll<string | number>().filterWhere('payout_prepared_by', 'is', null).as('orders'),
      (eb) =>
        eb.fn.countAll<string | number>().filterWhere('payout_prepared_by', 'is not', null).as('approvals'),
    ])
    .where('status', '=', 'request')
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), approvals: Number(row.approvals) };
}

/** Sign-ups per Bangkok calendar day (UTC+7 all year) from `since` on; days without any are absent. */
export function signupsPerBangkokDay(db: Kysely<DB>, since: Date) {
  const day = sql<string>`to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;
  return db
    .selectFrom('members')
    .select([day.as('day'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
}

const BANGKOK_DAY = sql<string>`to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/** Completed orders created from `since` on, by type: how many, and their THB and USDT. */
export function completedVolumes(db: Kysely<DB>, since: Date) {
  return db
    .selectFrom('transactions')
    .select([
      'type',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_thb'), sql<string>`0`).as('thb'),
      (eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_usdt'), sql<string>`0`).as('usdt'),
    ])
    .where('status', '=', 'success')
    .where('created_at', '>=', since)
    .groupBy('type')
    .execute();
}

/** THB of completed orders per Bangkok day and type from `since` on; days without any are absent. */
export function completedThbPerBangkokDay(db: Kysely<DB>, since: Date) {
  return db
    .selectFrom('transactions')
    .select([BANGKOK_DAY.as('day'), 'type', (eb) => eb.fn.sum<string>('amount_thb').as('thb')])
    .where('status', '=', 'success')
    .where('created_at', '>=', since)
    .groupBy([BANGKOK_DAY, 'type'])
    .execute();
}
