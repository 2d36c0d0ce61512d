import type { Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { post } from '../../../test/members.ts';
import { auditRows, periodOf } from '../../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../../test/traders.ts';

let app: FastifyInstance;

beforeAll(async () => {
  // A short turn, so the test sees the timer's sweeps and not only the one made at listen.
  ({ app } = await testApp({}, { expiryEveryMs: 100 }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  await deskReady(app);
});
afterAll(() => app.close());

it('rule: a listening app sweeps: a pending order past its deadline becomes expired with no read of it', async () => {
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
  await app.database.db
    .updateTable('transactions')
    .set({ deadline_at: new Date(Date.now() - 1000) })
    .where('public_id', '=', order.id)
    .execute();
  // The row itself, never getTransaction (which expires the order on its own).
  const status = async () =>
    (
      await app.database.db
        .selectFrom('transactions')
        .select('status')
        .where('public_id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).status;
  await vi.waitFor(async () => expect(await status()).toBe('expired'), { timeout: 20_000, interval: 50 });
  expect(await auditRows(app, 'order.expire', `order:${order.id}`)).toHaveLength(1);
});
