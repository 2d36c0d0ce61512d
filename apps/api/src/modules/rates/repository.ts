import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the rates history: every change is a new row; the newest is in force. */
export function findCurrentRates(db: Kysely<DB>) {
  return db
    .selectFrom('rates')
    .select(['buy_rate', 'sell_rate', 'sell_fee_percent', 'created_at'])
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
