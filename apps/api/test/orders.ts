import { createHash } from 'node:crypto';
import type { StaffOrder, Transaction, TransactionStatus } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { testApp } from './harness.ts';
import { createStaff, post, type TestStaff } from './members.ts';
import { periodOf, staffCall } from './staff-calls.ts';
import { deskReady, type Trader } from './traders.ts';

/** What the order tests share: the member's calls, order bodies, and orders brought to a status. */

const BASE = '/api/external/transaction';
export const CREATE = `${BASE}/createTransaction`;
export const CONFIRM = `${BASE}/confrimTransaction`;
export const PAY = `${BASE}/getReceivePayment`;
export const GET = `${BASE}/getTransaction`;
export const LIST = `${BASE}/getTransactionList`;
/** A member's history page (`getTransactionList`), as the member reads it: `filter` 'today' unless said. */
export async function historyOf(
  app: FastifyInstance,
  token: string,
  query: Record<string, unknown> = {},
): Promise<{ items: Transaction[]; total: number }> {
  return periodOf(
    (await post<{ items: Transaction[]; total: number }>(app, LIST, { filter: 'today', ...query }, { token }))
      .body,
  );
}

export const TX_HASH = `0x${'ab'.repeat(32)}`;
/** A complete of a paid cash-deposit buy: the USDT sent, the slip's name and the deposit checked. */
export const DEPOSIT_CHECKED = { payoutReference: TX_HASH, slipNameMatches: true, depositSeen: true };
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A JPEG slip with a QR code carrying `payload`, as Thai bank slips have. */
export async function slipImage(payload: string, shade = 250): Promise<string> {
  const qr = await QRCode.toBuffer(payload, { width: 240, margin: 2 });
  return (
    await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: shade, g: shade, b: shade } },
    })
      .composite([{ input: qr, top: 500, left: 300 }])
      .jpeg({ quality: 90 })
      .toBuffer()
  ).toString('base64');
}

/** The app of an order test file, with an operator, an admin and a slip photo. */
export async function orderTestApp() {
  const { app } = await testApp();
  return {
    app,
    operator: await createStaff(app, 'operator'),
    admin: await createStaff(app, 'admin'),
    slip: await slipImage('slip-1'),
  };
}

type OrderTestApp = Awaited<ReturnType<typeof orderTestApp>>;

/**
 * An order test file's app: started before the file's tests (handed to `started`), the desk made
 * ready before each test, closed after the file; answers the order calls against it.
 */
export function orderTestFile(started: (app: OrderTestApp) => void | Promise<void>) {
  let current: OrderTestApp | undefined;
  const running = () => {
    if (!current) throw new Error('the order test app starts before the tests');
    return current;
  };
  beforeAll(async () => {
    current = await orderTestApp();
    await started(current);
  });
  afterAll(() => current?.app.close());
  beforeEach(() => deskReady(running().app));
  return orderCalls(running);
}

export const buy = (t: Trader, amountThb = '10000.00', rate = '35.50') => ({
  type: 'buy',
  amountThb,
  rate,
  usdtAddressId: t.usdtAddressId,
});
export const sell = (t: Trader, amountUsdt = '500.00', rate = '34.80', feePercent = '1') => ({
  type: 'sell',
  amountUsdt,
  rate,
  feePercent,
  network: 'TETHER',
  bankAccountId: t.bankAccountId,
});
/** A transfer's hash of its own for each order: one hash backs one order only. */
export const txHashOf = (id: string) => `0x${createHash('sha256').update(id).digest('hex')}`;
export const transfer = (id: string, txHash = txHashOf(id)) => ({ id, method: 'usdt_transfer', txHash });

/**
 * The calls and reads of the order tests against the file's app (`current` answers it once
 * started): create, confirm, decide, and read an order's status and audit rows straight.
 */
export function orderCalls(current: () => { app: FastifyInstance; operator: TestStaff; slip: string }) {
  const db = () => current().app.database.db;

  async function create(t: Trader, body: unknown, headers?: Record<string, string>) {
    return post<Transaction>(current().app, CREATE, body, { token: t.token, headers });
  }
  async function created(t: Trader, body: unknown): Promise<Transaction> {
    return periodOf((await create(t, body)).body);
  }
  const confirm = (t: Trader, body: unknown, headers?: Record<string, string>) =>
    post<Transaction>(current().app, CONFIRM, body, { token: t.token, headers });
  const deposit = (id: string, amount = '10000.00') => ({
    id,
    method: 'cash_deposit',
    depositAmount: amount,
    depositAt: new Date().toISOString(),
    slipImage: current().slip,
  });

  async function statusOf(id: string): Promise<TransactionStatus> {
    const row = await db()
      .selectFrom('transactions')
      .select('status')
      .where('public_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  }
  async function pastDeadline(id: string): Promise<void> {
    await db()
      .updateTable('transactions')
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where('public_id', '=', id)
      .execute();
  }
  async function ordersOf(memberId: number): Promise<number> {
    const row = await db()
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const complete = (token: string, id: string, body: unknown) =>
    staffCall<StaffOrder>(current().app, token, 'POST', `/api/admin/orders/${id}/complete`, body);
  const reject = (token: string, id: string, body: unknown) =>
    staffCall<StaffOrder>(current().app, token, 'POST', `/api/admin/orders/${id}/reject`, body);

  /** Every audit row of one order, oldest first: what the sweeper must leave as it is. */
  function auditTrail(id: string) {
    return db()
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .where('target', '=', `order:${id}`)
      .orderBy('id')
      .execute();
  }

  /** An order of `t` in `status`, reached through the calls (expired: its deadline passed). */
  async function orderIn(t: Trader, status: TransactionStatus): Promise<string> {
    const { app, operator } = current();
    const order = await created(t, sell(t));
    if (status === 'pending') return order.id;
    if (status === 'expired') {
      await pastDeadline(order.id);
      await app.services.orders.expireDue();
      return order.id;
    }
    periodOf((await confirm(t, transfer(order.id))).body);
    if (status === 'success')
      periodOf((await complete(operator.token, order.id, { payoutReference: 'TRF-1' })).body);
    if (status === 'reject')
      periodOf((await reject(operator.token, order.id, { reasonCode: 'usdtNotReceived' })).body);
    return order.id;
  }

  return {
    create,
    created,
    confirm,
    deposit,
    statusOf,
    pastDeadline,
    ordersOf,
    complete,
    reject,
    auditTrail,
    orderIn,
  };
}
