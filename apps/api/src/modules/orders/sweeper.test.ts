import type { Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { post } from '../../../test/members.ts';
import { transfer } from '../../../test/orders.ts';
import { auditRows, periodOf } from '../../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../../test/traders.ts';

let app: FastifyInstance;

beforeAll(async () => {
  // A short turn, so the test sees the timer's sweeps and not only the one made at listen.
  ({ app } = await testApp({ DESK_ALERT_EMAILS: 'desk@example.com' }, { sweepEveryMs: 100 }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  await deskReady(app);
});
afterAll(() => app.close());

/** A new member's pending sell order. */
async function pendingSell(): Promise<{ id: string; token: string }> {
  const t = await createTrader(app);
  const body = {
    type: 'sell',
    amountUsdt: '500.00',
    rate: '34.80',
    feePercent: '1',
    network: 'TETHER',
    bankAccountId: t.bankAccountId,
  };
  const order = periodOf(
    (await post<Transaction>(app, '/api/external/transaction/createTransaction', body, { token: t.token }))
      .body,
  );
  return { id: order.id, token: t.token };
}

/** Moves a column of the order's row into the past. */
async function backdate(id: string, column: 'deadline_at' | 'confirmed_at', ms: number) {
  await app.database.db
    .updateTable('transactions')
    .set({ [column]: new Date(Date.now() - ms) })
    .where('public_id', '=', id)
    .execute();
}

/** The row itself, never getTransaction (which expires the order on its own). */
async function status(id: string) {
  const row = await app.database.db
    .selectFrom('transactions')
    .select('status')
    .where('public_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Waits until the sweeper has expired a new order past its deadline: proof of a turn after now. */
async function aSweepAfterNow() {
  const witness = await pendingSell();
  await backdate(witness.id, 'deadline_at', 1000);
  await vi.waitFor(async () => expect(await status(witness.id)).toBe('expired'), {
    timeout: 20_000,
    interval: 50,
  });
  return witness.id;
}

it('rule: a listening app sweeps: a pending order past its deadline becomes expired with no read of it', async () => {
  const id = await aSweepAfterNow();
  expect(await auditRows(app, 'order.expire', `order:${id}`)).toHaveLength(1);
});

it('rule: a listening app sweeps: an order waiting for staff longer than orderWaitAlertMinutes alerts the desk once', async () => {
  const order = await pendingSell();
  periodOf(
    (
      await post<Transaction>(app, '/api/external/transaction/confrimTransaction', transfer(order.id), {
        token: order.token,
      })
    ).body,
  );
  const alerts = () =>
    app.database.db
      .selectFrom('outbox')
      .select('recipient')
      .where('kind', '=', 'desk.orderWaitingLong')
      .where('subject', 'like', `%${order.id}`)
      .execute();
  await backdate(order.id, 'confirmed_at', 11 * 60_000);
  await vi.waitFor(async () => expect(await alerts()).toEqual([{ recipient: 'desk@example.com' }]), {
    timeout: 20_000,
    interval: 50,
  });
  // Later turns of the sweeper, the order still waiting, send nothing more.
  await aSweepAfterNow();
  await aSweepAfterNow();
  expect(await alerts()).toHaveLength(1);
});
