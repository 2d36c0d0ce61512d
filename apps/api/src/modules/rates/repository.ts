import { type Kysely, sql } from 'kysely';
import { RATES_LOCK } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';

/** SQL of the rates history: every change is a new row; the newest is in force. */
export function findCurrentRates(db: Kysely<DB>) {
  return db
    .selectFrom('rates')
    .select(['id', 'buy_rate', 'sell_rate', 'sell_fee_percent', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The reference of the max bound (decision 0090): the newest of the rates in force at `dayAgo` and
 * the rates marked `bounds_reference` since. One backward walk of `rates_created_at_idx` that
 * stops at the first row matching: it reads the day's changes at most, then one row.
 */
export function findReferenceRates(db: Kysely<DB>, dayAgo: Date) {
  return db
    .selectFrom('rates')
    .select(['id', 'buy_rate', 'sell_rate', 'sell_fee_percent', 'created_at'])
    .where((eb) => eb.or([eb('created_at', '<=', dayAgo), eb('bounds_reference', '=', true)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertRates(
  db: Kysely<DB>,
  values: {
    buyRate: string;
    sellRate: string;
    sellFeePercent: string;
    staffId: number | null;
    setBy: string;
    /** Not one person's change (an approval, the system, the first rates ever): decision 0090. */
    boundsReference: boolean;
  },
): Promise<void> {
  await db
    .insertInto('rates')
    .values({
      buy_rate: values.buyRate,
      sell_rate: values.sellRate,
      sell_fee_percent: values.sellFeePercent,
      set_by_staff_id: values.staffId,
      set_by: values.setBy,
      bounds_reference: values.boundsReference,
    })
    .execute();
}

/** One page of the rates history, newest first, with the username of the staff member who set each row. */
export function findRatesHistory(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom('rates')
    .leftJoin('staff', 'staff.id', 'rates.set_by_staff_id')
    .select([
      'rates.id',
      'rates.buy_rate',
      'rates.sell_rate',
      'rates.sell_fee_percent',
      'rates.set_by',
      'rates.created_at',
      'staff.username',
    ])
    .orderBy('rates.created_at', 'desc')
    .orderBy('rates.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countRates(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('rates')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes rate changes, proposals and their decisions run one at a time until the transaction ends,
 * so each is checked against the rates in force and the pending proposal as they really are. An
 * order's create holds the same lock shared (db/locks.ts `lockMemberForOrder`): a change waits for
 * the creates under way, and creates wait for a change under way (decision 0097).
 */
export async function lockRateChanges(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${RATES_LOCK})`.execute(trx);
}

type RatesRow = { buy_rate: string; sell_rate: string; sell_fee_percent: string };

export async function insertProposal(
  db: Kysely<DB>,
  values: {
    buyRate: string;
    sellRate: string;
    sellFeePercent: string;
    from: RatesRow;
    /** The reference it was also measured against, when not `from`. */
    reference: (RatesRow & { created_at: Date }) | null;
    staffId: number | null;
    proposedBy: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('rate_proposals')
    .values({
      buy_rate: values.buyRate,
      sell_rate: values.sellRate,
      sell_fee_percent: values.sellFeePercent,
      from_buy_rate: values.from.buy_rate,
      from_sell_rate: values.from.sell_rate,
      from_sell_fee_percent: values.from.sell_fee_percent,
      reference_buy_rate: values.reference?.buy_rate ?? null,
      reference_sell_rate: values.reference?.sell_rate ?? null,
      reference_sell_fee_percent: values.reference?.sell_fee_percent ?? null,
      reference_at: values.reference?.created_at ?? null,
      proposed_by_staff_id: values.staffId,
      proposed_by: values.proposedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The pending proposals (at most one), with the proposer's username. */
export function findPendingProposals(db: Kysely<DB>) {
  return proposalQuery(db).where('rate_proposals.status', '=', 'pending').execute();
}

export function findProposal(db: Kysely<DB>, id: number) {
  return proposalQuery(db).where('rate_proposals.id', '=', id).executeTakeFirst();
}

function proposalQuery(db: Kysely<DB>) {
  return db
    .selectFrom('rate_proposals')
    .leftJoin('staff', 'staff.id', 'rate_proposals.proposed_by_staff_id')
    .select([
      'rate_proposals.id',
      'rate_proposals.buy_rate',
      'rate_proposals.sell_rate',
      'rate_proposals.sell_fee_percent',
      'rate_proposals.from_buy_rate',
      'rate_proposals.from_sell_rate',
      'rate_proposals.from_sell_fee_percent',
      'rate_proposals.reference_buy_rate',
      'rate_proposals.reference_sell_rate',
      'rate_proposals.reference_sell_fee_percent',
      'rate_proposals.reference_at',
      'rate_proposals.proposed_by_staff_id',
      'rate_proposals.proposed_by',
      'rate_proposals.status',
      'rate_proposals.created_at',
      'staff.username',
    ])
    .orderBy('rate_proposals.id', 'desc');
}

/** Closes a pending proposal as decided (approved or discarded); false when it was not pending. */
export async function decideProposal(
  db: Kysely<DB>,
  id: number,
  decision: { status: 'approved' | 'discarded'; staffId: number | null; decidedBy: string },
): Promise<boolean> {
  const result = await db
    .updateTable('rate_proposals')
    .set({
      status: decision.status,
      decided_by_staff_id: decision.staffId,
      decided_by: decision.decidedBy,
      decided_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every pending proposal superseded (a rate change or a later proposal landed); their ids. */
export async function supersedePendingProposals(db: Kysely<DB>, decidedBy: string): Promise<number[]> {
  const rows = await db
    .updateTable('rate_proposals')
    .set({ status: 'superseded', decided_by: decidedBy, decided_at: new Date() })
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
