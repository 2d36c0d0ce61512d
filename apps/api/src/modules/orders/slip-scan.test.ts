import type { StaffOrder } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TestStaff } from '../../../test/members.ts';
import { buy, orderTestFile, slipImage } from '../../../test/orders.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';
import { imageQueueState, imageWork } from '../images/index.ts';

/**
 * A cash deposit's slip: the confirm answers once the slip is checked and stored, without waiting
 * for its QR code to be read; the read follows, and staff opening the order see its result, the
 * slip used twice included (decision 0062).
 */

let app: FastifyInstance;
let operator: TestStaff;

const { created, confirm, deposit } = orderTestFile((t) => {
  ({ app, operator } = t);
});

const slipRead = (id: string) =>
  app.database.db
    .selectFrom('transactions')
    .select(['slip_qr', 'slip_qr_read_at'])
    .where('public_id', '=', id)
    .executeTakeFirstOrThrow();

/**
 * Holds the image queue from the moment the job running now (the confirm's own slip check) ends:
 * every image job after it, the QR read included, waits until `release`.
 */
async function holdQueueAfterRunningJob(): Promise<{ release: () => Promise<void> }> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held: Promise<void> | undefined;
  await vi.waitUntil(
    () => {
      if (imageQueueState().running !== 1) return false;
      held = imageWork(() => opened);
      return true;
    },
    { timeout: 20_000, interval: 1 },
  );
  return {
    release: async () => {
      open();
      await held;
    },
  };
}

describe("a cash deposit's slip QR code is read after the confirm answers", () => {
  it('rule: the confirm answers while the QR read still waits; staff opening the order see the read, the duplicate slip included', async () => {
    const t = await createTrader(app);
    await app.services.settings.set({ type: 'system', id: null }, 'openOrderCap', 10);
    const payload = `slip-after-${t.username}`;
    const first = await created(t, buy(t));
    periodOf((await confirm(t, { ...deposit(first.id), slipImage: await slipImage(payload) })).body);
    // The first order's own read, awaited by opening it as staff.
    await staffCall(app, operator.token, 'GET', `/api/admin/orders/${first.id}`);
    expect((await slipRead(first.id)).slip_qr).toBe(payload);

    const second = await created(t, buy(t));
    const heard: string[] = [];
    const off = app.events.subscribe((e) => {
      if (e.name === 'order.updated' && e.data?.id === second.id) heard.push(String(e.data.status));
    });
    // Another photo (another shade) of a slip with the same QR payload.
    const answer = confirm(t, { ...deposit(second.id), slipImage: await slipImage(payload, 235) });
    const queue = await holdQueueAfterRunningJob();
    let opened: ReturnType<typeof staffCall<StaffOrder>> | undefined;
    try {
      expect(periodOf((await answer).body).status).toBe('request');
      // Answered with the QR read not yet run: it waits for the image queue to be idle.
      expect(await slipRead(second.id)).toEqual({ slip_qr: null, slip_qr_read_at: null });
      expect(heard).toEqual(['request']);
      opened = staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${second.id}`);
    } finally {
      await queue.release();
    }
    const seen = periodOf((await opened)?.body ?? { code: 998, message: '', result: null });
    expect(seen.duplicates).toContainEqual({ id: first.id, status: 'request', by: 'qr' });
    expect((await slipRead(second.id)).slip_qr).toBe(payload);
    // The read is announced, so an order screen or queue already open reloads.
    await vi.waitUntil(() => heard.length === 2);
    expect(heard).toEqual(['request', 'request']);
    off();
  });

  it('rule: an order whose read never ran (the process stopped first) is read when staff open it', async () => {
    const t = await createTrader(app);
    const payload = `slip-lost-${t.username}`;
    const order = await created(t, buy(t));
    periodOf((await confirm(t, { ...deposit(order.id), slipImage: await slipImage(payload) })).body);
    await staffCall(app, operator.token, 'GET', `/api/admin/orders/${order.id}`);
    // As if the read had been lost with its process.
    await app.database.db
      .updateTable('transactions')
      .set({ slip_qr: null, slip_qr_read_at: null })
      .where('public_id', '=', order.id)
      .execute();
    await staffCall(app, operator.token, 'GET', `/api/admin/orders/${order.id}`);
    const read = await slipRead(order.id);
    expect(read.slip_qr).toBe(payload);
    expect(read.slip_qr_read_at).not.toBeNull();
  });
});
