import type { RatesInput } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';

/** The rates in force: the newest row of the rates history. */
export interface CurrentRates {
  buyRate: string;
  sellRate: string;
  sellFeePercent: string;
  updatedAt: Date;
}

export async function currentRates(db: Kysely<DB>): Promise<CurrentRates | undefined> {
  const row = await db
    .selectFrom('rates')
    .select(['buy_rate', 'sell_rate', 'sell_fee_percent', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    buyRate: row.buy_rate,
    sellRate: row.sell_rate,
    sellFeePercent: trimFee(row.sell_fee_percent),
    updatedAt: row.created_at,
  };
}

/** '1.000' -> '1.00', '1.250' -> '1.25', '1.125' stays: the column keeps 3 decimals. */
function trimFee(fee: string): string {
  return fee.replace(/^(\d+\.\d{2}\d*?)0*$/, '$1');
}

/** Adds a rates row (the history keeps every change) and its audit row, in one transaction. */
export async function setRates(
  db: Kysely<DB>,
  actor: Actor & { staffId?: number },
  input: RatesInput,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await currentRates(trx);
    await trx
      .insertInto('rates')
      .values({
        buy_rate: input.buyRate,
        sell_rate: input.sellRate,
        sell_fee_percent: input.sellFeePercent,
        set_by_staff_id: actor.staffId ?? null,
        set_by: `${actor.type}:${actor.id ?? ''}`,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'rates.set',
      target: 'rates',
      before: before && {
        buyRate: before.buyRate,
        sellRate: before.sellRate,
        sellFeePercent: before.sellFeePercent,
      },
      after: input,
    });
  });
}
