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
