import { LIMIT_COUNTED_STATUSES, type TransactionType } from '@bahtdesk/contract';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DB } from '../../db/schema.ts';
import { kycStatusOf } from '../kyc/index.ts';

/** SQL of a member's risk state: their level, and the orders that count toward their limits. */

/** The member's identity status and the level staff set, with who set it and when. */
function levelOf(db: Kysely<DB>) {
  return db
    .selectFrom('members as m')
    .leftJoin('member_risk as r', 'r.member_id', 'm.id')
    .leftJoin('staff as s', 's.id', 'r.level_set_by')
    .select([
      kycStatusOf(sql.ref('m.id')).as('kyc_status'),
      'r.level',
      'r.level_note',
      'r.level_set_at',
      's.username as level_set_by',
    ]);
}

/** The member's identity status and the level staff set (null: none set); undefined: no such member. */
export function findLevel(db: Kysely<DB>, memberId: number) {
  return levelOf(db).where('m.id', '=', memberId).executeTakeFirst();
}

/** Sets the level staff chose, with who, when and why. */
export async function saveLevel(
  t: Kysely<DB>,
  memberId: number,
  change: { level: number; note: string; staffId: number | null; at: Date },
): Promise<void> {
  const values = {
    level: change.level,
    level_note: change.note,
    level_set_by: change.staffId,
    level_set_at: change.at,
    updated_at: change.at,
  };
  await t
    .insertInto('member_risk')
    .values({ member_id: memberId, ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute();
}

export interface CountedTotals {
  type: TransactionType;
  day: string;
  month: string;
}

/**
 * THB of the member's orders created since `monthStart`, per type, and of those since `dayStart`,
 * that count toward a limit at `now`: pending ones still within their deadline, requests and
 * completed ones (rejected and expired ones do not). Sums as text (JSON numbers would be floats).
 */
function countedTotalsOf(memberId: Expression<number> | number, dayStart: Date, monthStart: Date, now: Date) {
  const eb = expressionBuilder<DB, never>();
  return jsonArrayFrom(
    eb
      .selectFrom('transactions')
      .select([
        'type',
        sql<string>`coalesce(sum(amount_thb) filter (where created_at >= ${dayStart}), 0)::text`.as('day'),
        sql<string>`coalesce(sum(amount_thb), 0)::text`.as('month'),
      ])
      .where('member_id', '=', memberId)
      .where('created_at', '>=', monthStart)
      .where('status', 'in', LIMIT_COUNTED_STATUSES)
      .where((w) => w.or([w('status', '!=', 'pending'), w('deadline_at', '>', now)]))
      .groupBy('type'),
  ).$castTo<CountedTotals[]>();
}

/**
 * findLevel's row with the member's counted totals (countedTotalsOf) beside it, unfiltered: the
 * start of a statement that names its member (here, and createTransaction's checks).
 */
export function levelAndTotalsOf(db: Kysely<DB>, dayStart: Date, monthStart: Date, now: Date) {
  return levelOf(db).select(countedTotalsOf(sql.ref('m.id'), dayStart, monthStart, now).as('totals'));
}

/** levelAndTotalsOf for one member, in one statement built and compiled once; undefined: no such member. */
const levelAndTotalsOfMember = compiledOnce(
  (db: Kysely<DB>, memberId: number, dayStart: Date, monthStart: Date, now: Date) =>
    levelAndTotalsOf(db, dayStart, monthStart, now).where('m.id', '=', memberId),
);

export type LevelAndTotals = NonNullable<Awaited<ReturnType<typeof findLevelAndTotals>>>;

export async function findLevelAndTotals(
  db: Kysely<DB>,
  memberId: number,
  range: { dayStart: Date; monthStart: Date },
  now: Date,
) {
  const [row] = await levelAndTotalsOfMember(db, memberId, range.dayStart, range.monthStart, now);
  return row;
}
