import type { Kysely } from 'kysely';
import { type DeskAlerts, ordersWaitingLong, orderWaitingLong } from '../../alerts/index.ts';
import type { DB } from '../../db/schema.ts';
import type { PublicReads } from '../home/index.ts';
import { WAITING_SINCE } from './repository.ts';

/** Orders alerted in one sweep at most; the next sweep takes the rest. */
const ALERTS_PER_SWEEP = 1000;
/** More orders than this past the setting in one sweep make one digest instead of one alert each. */
const DIGEST_OVER = 5;

export interface WaitAlertDeps {
  db: Kysely<DB>;
  /** The web setting orderWaitAlertMinutes, from memory that follows the event bus. */
  reads: Pick<PublicReads, 'setting'>;
  alerts: Pick<DeskAlerts, 'raise' | 'configured'>;
}

/**
 * Claims the orders that have waited for staff since before `waitingBefore` and were never
 * alerted: orders in `request` with no payout prepared (a prepared payout has its own alert),
 * oldest first. One INSERT ... SELECT ... ON CONFLICT DO NOTHING into order_wait_alerts, keyed by
 * the order: when two processes sweep at once, PostgreSQL makes the second wait for the first's
 * transaction and then skip the orders it claimed, so each order is claimed once.
 */
export async function claimLongWaits(db: Kysely<DB>, waitingBefore: Date, limit: number) {
  const claimed = await db
    .insertInto('order_wait_alerts')
    .columns(['transaction_id'])
    .expression((eb) =>
      eb
        .selectFrom('transactions as t')
        .select('t.id')
        .where('t.status', '=', 'request')
        .where('t.payout_prepared_by', 'is', null)
        .where(WAITING_SINCE, '<=', waitingBefore)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('order_wait_alerts as a')
                .select('a.transaction_id')
                .whereRef('a.transaction_id', '=', 't.id'),
            ),
          ),
        )
        .orderBy(WAITING_SINCE)
        .limit(limit),
    )
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('transaction_id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('transactions')
    .select(['public_id', 'type', 'amount_thb', 'amount_usdt', WAITING_SINCE.as('waiting_since')])
    .where(
      'id',
      'in',
      claimed.map((c) => c.transaction_id),
    )
    .orderBy('waiting_since')
    .execute();
}

/**
 * The desk alert for orders waiting too long (decisions 0082 and 0095): an order that has waited
 * for staff longer than the web setting orderWaitAlertMinutes (a cash appointment counted from its
 * appointment's time) is told to the desk alert channel once; when more than DIGEST_OVER pass the
 * setting in one sweep, one digest names their count and the oldest. The claim and the queued
 * alert share one transaction, so an order is marked alerted if and only if its alert is queued.
 * With no desk recipient configured it does nothing (and claims nothing, so orders still waiting
 * are told once recipients are configured).
 */
export function createWaitAlerts({ db, reads, alerts }: WaitAlertDeps) {
  return {
    /** The sweeper's turn: alerts every order past the setting not alerted yet; answers how many. */
    async alertLongWaits(now = new Date()): Promise<number> {
      if (!alerts.configured) return 0;
      const minutes = (await reads.setting('orderWaitAlertMinutes')).value;
      const before = new Date(now.getTime() - minutes * 60_000);
      const waited = (order: { waiting_since: Date }) =>
        Math.floor((now.getTime() - new Date(order.waiting_since).getTime()) / 60_000);
      return db.transaction().execute(async (t) => {
        const orders = await claimLongWaits(t, before, ALERTS_PER_SWEEP);
        const [oldest] = orders;
        if (oldest && orders.length > DIGEST_OVER) {
          await alerts.raise(t, ordersWaitingLong(orders.length, oldest, waited(oldest), minutes));
        } else {
          for (const order of orders) await alerts.raise(t, orderWaitingLong(order, waited(order), minutes));
        }
        return orders.length;
      });
    },
  };
}
