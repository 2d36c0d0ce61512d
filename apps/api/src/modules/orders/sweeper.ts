import type { OrdersService } from './service.ts';

/** How often pending orders past their deadline are marked expired. */
export const SWEEP_EVERY_MS = 30_000;

/**
 * Marks pending orders past their deadline expired now and every SWEEP_EVERY_MS. Confirm checks
 * the deadline itself, so the sweeper's timing never decides an order's fate; it only makes
 * expired orders show as such. A failure is logged and tried again at the next turn. The timer
 * never keeps the process alive. Returns the stop.
 */
export function scheduleExpiry(
  orders: Pick<OrdersService, 'expireDue'>,
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
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
