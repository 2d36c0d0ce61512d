import {
  BUY_THB_MAX,
  BUY_THB_MIN,
  E,
  type RateHistoryEntry,
  type RateResult,
  type RatesInput,
  SELL_USDT_MAX,
  SELL_USDT_MIN,
  toMoneyString,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { countRates, findCurrentRates, findRatesHistory, insertRates } from './repository.ts';

/** '1.000' -> '1.00', '1.250' -> '1.25', '1.125' stays: the column keeps 3 decimals. */
function trimFee(fee: string): string {
  return fee.replace(/^(\d+\.\d{2}\d*?)0*$/, '$1');
}

/** The rates in force with the amount ranges, as getRate answers them; 40001 when none were ever set. */
async function current(db: Kysely<DB>): Promise<RateResult> {
  const row = await findCurrentRates(db);
  if (!row) throw new AppError(E.BUY_RATE_NOT_FOUND);
  return {
    buyRate: row.buy_rate,
    sellRate: row.sell_rate,
    sellFeePercent: trimFee(row.sell_fee_percent),
    buyRange: { min: toMoneyString(BUY_THB_MIN), max: toMoneyString(BUY_THB_MAX) },
    sellRange: { min: toMoneyString(SELL_USDT_MIN), max: toMoneyString(SELL_USDT_MAX) },
    updatedAt: row.created_at.toISOString(),
  };
}

/**
 * The buy and sell rates and the sell fee, set by staff, with their history; an order carries the
 * rate its member saw (docs/product.md, Orders).
 */
export function createRatesService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  return {
    current: () => current(db),

    /** Every change of the rates, newest first, with who made it (a staff username or the recorded text). */
    async history(request: PageRequest): Promise<Page<RateHistoryEntry>> {
      const [rows, total] = await Promise.all([findRatesHistory(db, pageWindow(request)), countRates(db)]);
      return {
        ...request,
        total,
        items: rows.map((row) => ({
          id: row.id,
          buyRate: row.buy_rate,
          sellRate: row.sell_rate,
          sellFeePercent: trimFee(row.sell_fee_percent),
          setBy: row.username ?? row.set_by,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },

    /**
     * Adds a rates row and its audit row in one transaction (`trx` to join the caller's), then
     * announces `rates.changed`. Returns the rates now in force.
     */
    async set(actor: Actor, input: RatesInput, trx?: Kysely<DB>): Promise<RateResult> {
      const write = async (t: Kysely<DB>) => {
        const before = await findCurrentRates(t);
        await insertRates(t, {
          ...input,
          staffId: actor.type === 'staff' && actor.id ? Number(actor.id) : null,
          setBy: `${actor.type}:${actor.id ?? ''}`,
        });
        await recordAudit(t, actor, {
          action: 'rates.set',
          target: 'rates',
          before: before && {
            buyRate: before.buy_rate,
            sellRate: before.sell_rate,
            sellFeePercent: trimFee(before.sell_fee_percent),
          },
          after: input,
        });
      };
      if (trx) return write(trx).then(() => current(trx));
      await db.transaction().execute(write);
      await events.publish('rates.changed');
      return current(db);
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
