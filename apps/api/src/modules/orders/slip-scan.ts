import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { readSlipQr } from '../images/index.ts';
import { orderUpdated } from './answers.ts';
import { type OrderRow, recordSlipQr, slipBytes } from './repository.ts';

/**
 * A cash-deposit slip's QR code is read after the confirm has answered (decision 0062): the read
 * takes seconds (jsQR over the whole photo) and the member needs none of it, while staff need it
 * to see a slip used twice. The confirm hands the checked bytes over; the result is stored on the
 * order and announced (`order.updated`), so an open order screen or queue reloads. Staff opening
 * an order wait for its read (started again if the process that confirmed it stopped first) and
 * for the reads still running, so the duplicates they see include every slip confirmed before.
 */
export interface SlipScans {
  /** Reads the slip of order `id` in the background; a failure leaves it for the staff read. */
  after(id: number, bytes: Uint8Array): void;
  /** The order as staff should see it: its slip read, and every read in progress done. */
  settled(row: OrderRow): Promise<OrderRow>;
}

export function slipScans({ db, events }: { db: Kysely<DB>; events: Pick<EventBus, 'publish'> }): SlipScans {
  const running = new Map<number, Promise<OrderRow | undefined>>();

  function scan(id: number, bytes?: Uint8Array): Promise<OrderRow | undefined> {
    const already = running.get(id);
    if (already) return already;
    const job = (async () => {
      const image = bytes ?? (await slipBytes(db, id));
      const qr = image ? await readSlipQr(image) : null;
      const row = await recordSlipQr(db, id, qr, new Date());
      if (row) await events.publish('order.updated', orderUpdated(row));
      return row;
    })().finally(() => running.delete(id));
    running.set(id, job);
    return job;
  }

  return {
    after(id, bytes) {
      // Unread, the order's slip is read when staff open it.
      scan(id, bytes).catch(() => {});
    },
    async settled(row) {
      let current = row;
      if (row.slip_file_id !== null && row.slip_qr_read_at === null) {
        // The image queue may be full (50050): staff still see the order, its slip read later.
        current = (await scan(row.id).catch(() => undefined)) ?? row;
      }
      await Promise.allSettled([...running.values()]);
      return current;
    },
  };
}
