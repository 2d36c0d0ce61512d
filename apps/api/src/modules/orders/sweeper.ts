import type { OrdersService } from './service.ts';

/** How often the sweeper takes its turn. */
export const SWEEP_EVERY_MS = 30_000;

/**
 * The order sweeper, now and every SWEEP_EVERY_MS: marks pending orders past their deadline
 * expired, then tells the desk alert channel of orders that have waited for staff longer than the
 * web setting orderWaitAlertMinutes (once per order, decision 0082). Confirm checks the deadline
 * itself, so the sweeper's timing never decides an order's fate; it only makes expired orders show
 * as such. A failure of either job is logged and tried again at the next turn. The timer never
 * keeps the process alive. Returns the stop.
 */
export function scheduleSweeps(
  orders: Pick<OrdersService, 'expireDue' | 'alertLongWaits'>,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = SWEEP_EVERY_MS,
): () => void {
  const sweep = () => {
    orders.expireDue().then(
      (n) => {
        if (n > 0) log.info({ expired: n }, 'orders expired');
      },
      (err: unknown) => log.error({ err }, 'order expiry failed'),
    );
    orders.alertLongWaits().then(
      (n) => {
        if (n > 0) log.info({ alerted: n }, 'orders waiting too long told to the desk');
      },
      (err: unknown) => log.error({ err }, 'order wait alert failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
