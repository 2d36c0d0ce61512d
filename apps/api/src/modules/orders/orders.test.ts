import {
  bangkokDate,
  type Dashboard,
  Decimal,
  E,
  ORDER_TRANSITIONS,
  type OrderQueueItem,
  type OrderTransition,
  orderTransitionAllowed,
  type StaffOrder,
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
} from '@bahtdesk/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createStaff, post, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, deskReady, type Trader } from '../../../test/traders.ts';
import { thaiHolidays } from './holidays.ts';

const BASE = '/api/external/transaction';
const CREATE = `${BASE}/createTransaction`;
const CONFIRM = `${BASE}/confrimTransaction`;
const PAY = `${BASE}/getReceivePayment`;
const GET = `${BASE}/getTransaction`;
const LIST = `${BASE}/getTransactionList`;
const TX_HASH = `0x${'ab'.repeat(32)}`;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let slip: string;

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  admin = await createStaff(app, 'admin');
  slip = await slipImage('slip-1');
});
afterAll(() => app.close());
beforeEach(() => deskReady(app));

/** A JPEG slip with a QR code carrying `payload`, as Thai bank slips have. */
async function slipImage(payload: string, shade = 250): Promise<string> {
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

const buy = (t: Trader, amountThb = '10000.00', rate = '35.50') => ({
  type: 'buy',
  amountThb,
  rate,
  usdtAddressId: t.usdtAddressId,
});
const sell = (t: Trader, amountUsdt = '500.00', rate = '34.80', feePercent = '1') => ({
  type: 'sell',
  amountUsdt,
  rate,
  feePercent,
  network: 'TETHER',
  bankAccountId: t.bankAccountId,
});

async function create(t: Trader, body: unknown, headers?: Record<string, string>) {
  return post<Transaction>(app, CREATE, body, { token: t.token, headers });
}
async function created(t: Trader, body: unknown): Promise<Transaction> {
  return periodOf((await create(t, body)).body);
}
const confirm = (t: Trader, body: unknown, headers?: Record<string, string>) =>
  post<Transaction>(app, CONFIRM, body, { token: t.token, headers });
const deposit = (id: string, amount = '10000.00') => ({
  id,
  method: 'cash_deposit',
  depositAmount: amount,
  depositAt: new Date().toISOString(),
  slipImage: slip,
});
const transfer = (id: string) => ({ id, method: 'usdt_transfer', txHash: TX_HASH });

async function statusOf(id: string): Promise<TransactionStatus> {
  const row = await app.database.db
    .selectFrom('transactions')
    .select('status')
    .where('public_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}
async function pastDeadline(id: string): Promise<void> {
  await app.database.db
    .updateTable('transactions')
    .set({ deadline_at: new Date(Date.now() - 1000) })
    .where('public_id', '=', id)
    .execute();
}
async function ordersOf(memberId: number): Promise<number> {
  const row = await app.database.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const complete = (token: string, id: string, body: unknown) =>
  staffCall<StaffOrder>(app, token, 'POST', `/api/admin/orders/${id}/complete`, body);
const reject = (token: string, id: string, body: unknown) =>
  staffCall<StaffOrder>(app, token, 'POST', `/api/admin/orders/${id}/reject`, body);

/** Every audit row of one order, oldest first: what the sweeper must leave as it is. */
function auditTrail(id: string) {
  return app.database.db
    .selectFrom('audit_log')
    .select(['id', 'action'])
    .where('target', '=', `order:${id}`)
    .orderBy('id')
    .execute();
}

/** An order of `t` in `status`, reached through the calls (expired: its deadline passed). */
async function orderIn(t: Trader, status: TransactionStatus): Promise<string> {
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
    periodOf((await reject(operator.token, order.id, { reasonCode: 'paymentNotReceived' })).body);
  return order.id;
}

/** The next Bangkok weekday that is not a public holiday, `days` or more ahead, at `clock`. */
function businessDayAt(clock: string, days = 1): Date {
  const holidays = new Set(
    thaiHolidays(bangkokDate(new Date()), bangkokDate(new Date(Date.now() + 60 * DAY_MS))).map((h) => h.date),
  );
  for (let d = days; ; d++) {
    const date = bangkokDate(new Date(Date.now() + d * DAY_MS));
    const at = new Date(`${date}T${clock}:00+07:00`);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !holidays.has(date)) return at;
  }
}

describe('the order state machine', () => {
  it('rule: pending -> request by the member, pending -> expired by time, request -> success or reject by staff', () => {
    const allowed = Object.fromEntries(
      Object.keys(ORDER_TRANSITIONS).map((t) => [
        t,
        TRANSACTION_STATUSES.filter((s) => orderTransitionAllowed(t as OrderTransition, s)),
      ]),
    );
    expect(allowed).toEqual({
      confirm: ['pending'],
      expire: ['pending'],
      complete: ['request'],
      reject: ['request'],
    });
  });

  it.each(TRANSACTION_STATUSES)(
    'rule: from %s, the calls allow exactly the transitions of the table',
    async (status) => {
      const t = await createTrader(app);
      const id = await orderIn(t, status);
      const confirmed = await confirm(t, transfer(id));
      expect(confirmed.body.code === 0).toBe(orderTransitionAllowed('confirm', status));
      if (status === 'expired') expect(confirmed.body.code).toBe(E.TRANSACTION_EXPIRED.code);
      else if (status !== 'pending') expect(confirmed.body.code).toBe(E.TRANSACTION_STATUS_INVALID.code);

      const id2 = await orderIn(t, status);
      const completed = await complete(operator.token, id2, { payoutReference: 'TRF-2' });
      expect(completed.body.code === 0).toBe(orderTransitionAllowed('complete', status));
      if (!orderTransitionAllowed('complete', status)) {
        expect(completed.body.code).toBe(E.TRANSACTION_STATUS_INVALID.code);
        expect(await statusOf(id2)).toBe(status);
      }
      const rejected = await reject(operator.token, id2, { reasonCode: 'amountMismatch' });
      expect(rejected.body.code).toBe(E.TRANSACTION_STATUS_INVALID.code);
    },
  );
});

describe('the order state machine: expiry', () => {
  it.each(TRANSACTION_STATUSES.filter((s) => !orderTransitionAllowed('expire', s)))(
    'rule: from %s, past the deadline, the sweeper leaves the status and the audit rows unchanged',
    async (status) => {
      const t = await createTrader(app);
      const id = await orderIn(t, status);
      await pastDeadline(id);
      const before = await auditTrail(id);
      await app.services.orders.expireDue();
      expect(await statusOf(id)).toBe(status);
      expect(await auditTrail(id)).toEqual(before);
    },
  );
});

describe('createTransaction', () => {
  it('rule: a buy order is pending at the rate the member saw, USDT = THB / rate truncated, with a readable id and the deadline setting', async () => {
    const t = await createTrader(app);
    const before = Date.now();
    const order = await created(t, buy(t, '10000.00'));
    expect(order).toMatchObject({
      type: 'buy',
      status: 'pending',
      rate: '35.50',
      amountThb: '10000.00',
      amountUsdt: '281.69', // 281.690140... truncated
      total: '10000.00',
      fee: '0.00',
      usdtAddress: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    });
    expect(order.id).toMatch(new RegExp(`^B${bangkokDate(new Date()).slice(2).replaceAll('-', '')}\\d{4,}$`));
    const deadline = Date.parse(order.deadlineAt) - before;
    expect(deadline).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(deadline).toBeLessThan(15 * 60_000 + 60_000);
    expect(await auditRows(app, 'order.create', `order:${order.id}`)).toHaveLength(1);
  });

  it('rule: a sell order shows THB net of the fee: gross = USDT x rate truncated, fee = gross x percent truncated', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t, '333.33'));
    // 333.33 x 34.80 = 11599.884 -> 11599.88; 1% = 115.9988 -> 115.99; net 11483.89
    expect(order).toMatchObject({ amountThb: '11599.88', fee: '115.99', total: '11483.89', feePercent: '1' });
    expect(order.id.startsWith('S')).toBe(true);
    expect(order.bankAccount).toEqual({
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
    });
  });

  it('rule: a rate that is not the one in force is refused (50017) with the rates in force, and nothing is created', async () => {
    const t = await createTrader(app);
    const refused = await create(t, buy(t, '10000.00', '35.40'));
    expect(refused.body.code).toBe(E.RATE_MISMATCH.code);
    expect(refused.body.result?.period).toMatchObject({ buyRate: '35.50' });
    const fee = await create(t, sell(t, '500.00', '34.80', '0.5'));
    expect(fee.body.code).toBe(E.RATE_MISMATCH.code);
    expect(await ordersOf(t.id)).toBe(0);
  });

  it('rule: only verified members with a USDT address trade (10034, 10035)', async () => {
    const t = await createTrader(app);
    await app.database.db.deleteFrom('usdt_addresses').where('member_id', '=', t.id).execute();
    expect((await create(t, sell(t))).body.code).toBe(E.USDT_ADDRESS_REQUIRED.code);
    await app.database.db
      .updateTable('kyc_submissions')
      .set({ status: 'failed' })
      .where('member_id', '=', t.id)
      .execute();
    expect((await create(t, sell(t))).body.code).toBe(E.KYC_REQUIRED.code);
    expect(await ordersOf(t.id)).toBe(0);
  });

  it('rule: a payout destination in its cooling-off period cannot be chosen (10037 with usableFrom)', async () => {
    const t = await createTrader(app);
    const usableFrom = new Date(Date.now() + 3 * HOUR_MS);
    await app.database.db
      .updateTable('bank_accounts')
      .set({ usable_from: usableFrom })
      .where('member_id', '=', t.id)
      .execute();
    const refused = await create(t, sell(t));
    expect(refused.body.code).toBe(E.PAYOUT_DESTINATION_COOLING_OFF.code);
    expect(await ordersOf(t.id)).toBe(0);
  });

  it("rule: another member's saved entry is not a destination", async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    expect((await create(t, buy(other))).body.code).not.toBe(0);
    expect(await ordersOf(t.id)).toBe(0);
  });

  it('rule: a member has at most the open-order cap (50041); expired and finished orders do not count', async () => {
    const t = await createTrader(app);
    await app.services.settings.set({ type: 'system', id: null }, 'openOrderCap', 2);
    const first = await created(t, sell(t));
    await created(t, sell(t));
    expect((await create(t, sell(t))).body.code).toBe(E.OPEN_ORDER_LIMIT.code);
    await pastDeadline(first.id);
    expect((await create(t, sell(t))).body.code).toBe(0);
  });

  it('rule: a sell on a network without a desk receiving address is refused (30007)', async () => {
    const t = await createTrader(app);
    expect((await create(t, { ...sell(t), network: 'SOLANA' })).body.code).toBe(
      E.RECEIVE_ADDRESS_NOT_FOUND.code,
    );
  });

  it('rule: an Idempotency-Key makes a retried create return the same order, not a second one', async () => {
    const t = await createTrader(app);
    const key = { 'idempotency-key': 'key-create-0001' };
    const [a, b] = await Promise.all([create(t, buy(t), key), create(t, buy(t), key)]);
    expect(periodOf(a.body).id).toBe(periodOf(b.body).id);
    const c = await create(t, buy(t), key);
    expect(periodOf(c.body).id).toBe(periodOf(a.body).id);
    expect(await ordersOf(t.id)).toBe(1);
    expect((await create(t, buy(t), { 'idempotency-key': 'bad key!' })).body.code).toBe(E.INVALID_INPUT.code);
    expect(await ordersOf(t.id)).toBe(1);
  });

  it('rule: bad amounts get their codes (50021, 50023, 50022, 50024, 50025)', async () => {
    const t = await createTrader(app);
    expect((await create(t, buy(t, '999.99'))).body.code).toBe(E.BUY_MIN.code);
    expect((await create(t, buy(t, '3000000.01'))).body.code).toBe(E.BUY_MAX.code);
    expect((await create(t, sell(t, '99.99'))).body.code).toBe(E.SELL_MIN.code);
    expect((await create(t, sell(t, '100000.01'))).body.code).toBe(E.SELL_MAX.code);
    expect((await create(t, buy(t, '1,000'))).body.code).toBe(E.WRONG_FORMAT.code);
    expect(await ordersOf(t.id)).toBe(0);
  });
});

describe('getReceivePayment', () => {
  it("rule: a buy shows the desk's bank accounts, the locations, the holidays to avoid; above the ceiling only an appointment", async () => {
    const t = await createTrader(app);
    const small = await created(t, buy(t, '10000.00'));
    const pay = periodOf((await post(app, PAY, { id: small.id }, { token: t.token })).body) as Record<
      string,
      unknown
    >;
    expect(pay).toMatchObject({ type: 'buy', amountThb: '10000.00', cashDepositAllowed: true });
    expect(pay.bankAccounts).toEqual([
      { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' },
    ]);
    expect((pay.locations as { id: string }[]).map((l) => l.id)).toEqual(['silom']);
    expect(pay.holidays).toEqual(thaiHolidays(bangkokDate(new Date()), pay.lastAppointmentDate as string));
    const large = await created(t, buy(t, '600000.00'));
    const payLarge = periodOf((await post(app, PAY, { id: large.id }, { token: t.token })).body);
    expect(payLarge).toMatchObject({ cashDepositAllowed: false });
    expect((await confirm(t, deposit(large.id, '600000.00'))).body.code).toBe(E.CASH_APPOINTMENT_ONLY.code);
    expect(await statusOf(large.id)).toBe('pending');
  });

  it("rule: a sell shows the desk's receiving address for the order's network", async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    expect(periodOf((await post(app, PAY, { id: order.id }, { token: t.token })).body)).toMatchObject({
      type: 'sell',
      network: 'TETHER',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amountUsdt: '500.00',
    });
  });
});

describe('confrimTransaction', () => {
  it('rule: a cash deposit with its slip moves the order to request; the slip is stored re-encoded, readable by its owner only', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    const done = periodOf((await confirm(t, deposit(order.id))).body);
    expect(done.status).toBe('request');
    expect(done.payment).toMatchObject({ method: 'cash_deposit', depositAmount: '10000.00' });
    const url = done.payment?.proofUrl ?? '';
    const own = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const other = await createTrader(app);
    const theirs = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.json()).toMatchObject({ code: E.FILE_NOT_FOUND.code });
    expect(await auditRows(app, 'order.confirm', `order:${order.id}`)).toHaveLength(1);
  });

  it('rule: the deposited amount must be the order amount (50044), and nothing changes', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    expect((await confirm(t, deposit(order.id, '9999.99'))).body.code).toBe(E.DEPOSIT_AMOUNT_MISMATCH.code);
    expect(await statusOf(order.id)).toBe('pending');
  });

  it("rule: confirming after the deadline answers 'transaction time has expired' (50013) and the order is expired", async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    await pastDeadline(order.id);
    const late = await confirm(t, transfer(order.id));
    expect(late.body.code).toBe(E.TRANSACTION_EXPIRED.code);
    expect(late.body.message).toBe("Sorry!, transaction time has expired. You can't make a transaction.");
    expect(await statusOf(order.id)).toBe('expired');
  });

  it('rule: an appointment must be on a weekday (50036), not a Thai public holiday (50042), within the hours (50043)', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    const at = (d: Date) => ({
      id: order.id,
      method: 'cash_appointment',
      locationId: 'silom',
      appointmentAt: d.toISOString(),
    });
    const weekday = businessDayAt('10:00');
    const saturday = new Date(
      weekday.getTime() + ((6 - new Date(weekday.getTime() + 7 * HOUR_MS).getUTCDay() + 7) % 7) * DAY_MS,
    );
    expect((await confirm(t, at(saturday))).body.code).toBe(E.WEEKDAY_REQUIRED.code);
    expect((await confirm(t, at(businessDayAt('08:30')))).body.code).toBe(E.APPOINTMENT_TIME_INVALID.code);
    expect((await confirm(t, at(businessDayAt('16:01')))).body.code).toBe(E.APPOINTMENT_TIME_INVALID.code);
    expect((await confirm(t, at(businessDayAt('10:00', 40)))).body.code).toBe(
      E.APPOINTMENT_TIME_INVALID.code,
    );
    expect((await confirm(t, { ...at(weekday), locationId: 'nowhere' })).body.code).toBe(
      E.LOCATION_NOT_FOUND.code,
    );
    expect(await statusOf(order.id)).toBe('pending');

    // Constitution Day, Thursday 10 December 2026, seen from 1 December.
    const holiday = new Date('2026-12-10T10:00:00+07:00');
    const now = new Date('2026-12-01T09:00:00+07:00');
    await app.database.db
      .updateTable('transactions')
      .set({ deadline_at: new Date(now.getTime() + 15 * 60_000) })
      .where('public_id', '=', order.id)
      .execute();
    const body = {
      id: order.id,
      method: 'cash_appointment' as const,
      locationId: 'silom',
      appointmentAt: holiday.toISOString(),
    };
    await expect(
      app.services.orders.confirm({ type: 'system', id: null }, t.id, body, undefined, now),
    ).rejects.toMatchObject({
      def: E.HOLIDAY_NOT_ALLOWED,
    });
    const fine = await app.services.orders.confirm(
      { type: 'system', id: null },
      t.id,
      { ...body, appointmentAt: '2026-12-09T10:00:00+07:00' },
      undefined,
      now,
    );
    expect(fine).toMatchObject({
      status: 'request',
      payment: { method: 'cash_appointment', location: { id: 'silom' } },
    });
  });

  it('rule: a buy is paid in cash and a sell by USDT transfer (50011 otherwise)', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    expect((await confirm(t, deposit(order.id))).body.code).toBe(E.TRANSACTION_INVALID.code);
    const b = await created(t, buy(t));
    expect((await confirm(t, transfer(b.id))).body.code).toBe(E.TRANSACTION_INVALID.code);
  });

  it('rule: an Idempotency-Key makes a retried confirm harmless', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    const key = { 'idempotency-key': 'key-confirm-0001' };
    const first = await confirm(t, transfer(order.id), key);
    const again = await confirm(t, transfer(order.id), key);
    expect(periodOf(again.body)).toEqual(periodOf(first.body));
    expect((await confirm(t, transfer(order.id))).body.code).toBe(E.TRANSACTION_STATUS_INVALID.code);
    expect(await auditRows(app, 'order.confirm', `order:${order.id}`)).toHaveLength(1);
  });

  it("rule: another member's order answers not found (50012)", async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    const order = await created(t, sell(t));
    expect((await confirm(other, transfer(order.id))).body.code).toBe(E.TRANSACTION_NOT_FOUND.code);
    expect((await post(app, GET, { id: order.id }, { token: other.token })).body.code).toBe(
      E.TRANSACTION_NOT_FOUND.code,
    );
    expect((await post(app, PAY, { id: order.id }, { token: other.token })).body.code).toBe(
      E.TRANSACTION_NOT_FOUND.code,
    );
    expect(await statusOf(order.id)).toBe('pending');
  });
});

describe('history', () => {
  it("rule: getTransactionList gives the member's own orders of the filter, newest first, by type and status", async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    const a = await created(t, sell(t));
    const b = await created(t, buy(t));
    await created(other, sell(other));
    periodOf((await confirm(t, transfer(a.id))).body);
    const all = periodOf(
      (
        await post<{ items: Transaction[]; total: number }>(
          app,
          LIST,
          { filter: 'today' },
          { token: t.token },
        )
      ).body,
    );
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.total).toBe(2);
    const sells = periodOf(
      (await post<{ items: Transaction[] }>(app, LIST, { filter: 'today', type: 'sell' }, { token: t.token }))
        .body,
    );
    expect(sells.items.map((i) => i.id)).toEqual([a.id]);
    const requests = periodOf(
      (
        await post<{ items: Transaction[] }>(
          app,
          LIST,
          { filter: 'today', status: 'request' },
          { token: t.token },
        )
      ).body,
    );
    expect(requests.items.map((i) => i.id)).toEqual([a.id]);
    const yesterday = periodOf(
      (await post<{ items: Transaction[] }>(app, LIST, { filter: 'yesterday' }, { token: t.token })).body,
    );
    expect(yesterday.items).toEqual([]);
  });

  it('rule: a pending order past its deadline reads as expired, swept or not', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    await pastDeadline(order.id);
    expect(
      periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body).status,
    ).toBe('expired');
  });

  it('rule: the sweeper expires every pending order past its deadline, audited, and nothing else', async () => {
    const t = await createTrader(app);
    const due = await created(t, sell(t));
    const fresh = await created(t, sell(t));
    await pastDeadline(due.id);
    expect(await app.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(due.id)).toBe('expired');
    expect(await statusOf(fresh.id)).toBe('pending');
    expect(await auditRows(app, 'order.expire', `order:${due.id}`)).toHaveLength(1);
  });
  it('rule: getTransactionList shows a pending order past its deadline as expired before any sweep, in the status filters too', async () => {
    const t = await createTrader(app);
    const due = await created(t, sell(t));
    const fresh = await created(t, sell(t));
    await pastDeadline(due.id);
    const list = async (status?: TransactionStatus) =>
      periodOf(
        (
          await post<{ items: Transaction[]; total: number }>(
            app,
            LIST,
            { filter: 'today', ...(status ? { status } : {}) },
            { token: t.token },
          )
        ).body,
      ).items.map((i) => [i.id, i.status]);
    expect(await list()).toEqual([
      [fresh.id, 'pending'],
      [due.id, 'expired'],
    ]);
    expect(await list('pending')).toEqual([[fresh.id, 'pending']]);
    expect(await list('expired')).toEqual([[due.id, 'expired']]);
    expect(await auditRows(app, 'order.expire', `order:${due.id}`)).toHaveLength(1);
  });
});

describe('the order desk', () => {
  it('rule: the queue shows orders awaiting staff first, oldest first, then pending ones', async () => {
    const t = await createTrader(app);
    const pending = await created(t, sell(t));
    const first = await created(t, sell(t));
    const second = await created(t, buy(t));
    periodOf((await confirm(t, transfer(first.id))).body);
    periodOf((await confirm(t, deposit(second.id))).body);
    const page = periodOf(
      (
        await staffCall<{ items: OrderQueueItem[] }>(
          app,
          admin.token,
          'GET',
          `/api/admin/orders?q=${t.username}`,
        )
      ).body,
    );
    expect(page.items.map((i) => [i.id, i.status])).toEqual([
      [first.id, 'request'],
      [second.id, 'request'],
      [pending.id, 'pending'],
    ]);
  });

  it("rule: an order shows its member's identity reviews, as the member's page does, and their 10 newest other orders", async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    const theirs = await created(other, sell(other));
    // 12 orders, each expired before the next so the open-order cap never refuses one; their
    // creation times are set apart, and not in the order they were made, so the order is the query's.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await created(t, i % 2 ? buy(t) : sell(t));
      ids.push(order.id);
      await pastDeadline(order.id);
      await app.services.orders.expireDue();
    }
    const hoursAgo = [5, 1, 9, 3, 11, 7, 2, 12, 4, 10, 6, 8];
    const made = ids.map((id, i) => ({ id, hours: hoursAgo[i] ?? 0 }));
    for (const { id, hours } of made) {
      // created_at is never updated by the app (the schema forbids it); a test moves it in SQL.
      await sql`update transactions set created_at = ${new Date(Date.now() - hours * HOUR_MS)} where public_id = ${id}`.execute(
        app.database.db,
      );
    }
    const shown = made[0]?.id;
    const order = periodOf(
      (await staffCall<StaffOrder>(app, admin.token, 'GET', `/api/admin/orders/${shown}`)).body,
    );
    const newestFirst = made
      .filter((o) => o.id !== shown)
      .sort((a, b) => a.hours - b.hours)
      .slice(0, 10)
      .map((o) => o.id);
    expect(order.otherOrders.map((o) => o.id)).toEqual(newestFirst);
    expect(order.otherOrders.map((o) => o.id)).not.toContain(theirs.id);
    expect(order.otherOrders[0]).toEqual({
      id: ids[1],
      type: 'buy',
      status: 'expired',
      amountThb: '10000.00',
      amountUsdt: expect.any(String),
      createdAt: expect.any(String),
    });
    const member = periodOf(
      (
        await staffCall<{ kycHistory: StaffOrder['kycHistory'] }>(
          app,
          admin.token,
          'GET',
          `/api/admin/members/${t.id}`,
        )
      ).body,
    );
    expect(order.kycHistory.map((h) => h.status)).toEqual(['verified']);
    expect(order.kycHistory).toEqual(member.kycHistory);
    const lone = periodOf(
      (await staffCall<StaffOrder>(app, admin.token, 'GET', `/api/admin/orders/${theirs.id}`)).body,
    );
    expect(lone.otherOrders).toEqual([]);
  });

  it("rule: completing a cash deposit needs the tick that the slip's name matches (50046) and the payout reference", async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    periodOf((await confirm(t, deposit(order.id))).body);
    expect((await complete(operator.token, order.id, { payoutReference: TX_HASH })).body.code).toBe(
      E.SLIP_NAME_CHECK_REQUIRED.code,
    );
    expect(
      (await complete(operator.token, order.id, { payoutReference: '!', slipNameMatches: true })).body.code,
    ).toBe(E.PAYOUT_REFERENCE_INVALID.code);
    expect(await statusOf(order.id)).toBe('request');
    const done = periodOf(
      (await complete(operator.token, order.id, { payoutReference: TX_HASH, slipNameMatches: true })).body,
    );
    expect(done.order).toMatchObject({ status: 'success', payoutReference: TX_HASH });
    expect(done).toMatchObject({ slipNameChecked: true, decidedBy: operator.username });
    expect(done.member).toMatchObject({ firstName: 'Somchai', lastName: 'Jaidee', kycStatus: 'verified' });
    expect(done.history.map((h) => h.action)).toEqual(['order.create', 'order.confirm', 'order.complete']);
    expect(
      periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body)
        .payoutReference,
    ).toBe(TX_HASH);
  });

  it("rule: completing a sell into a bank account not in the member's name needs the explicit tick (50048), audited", async () => {
    const t = await createTrader(app);
    const own = await orderIn(t, 'request');
    const other = await orderIn(t, 'request');
    await app.database.db
      .updateTable('transactions')
      .set({ bank_account_name: 'Malee Srisuk' })
      .where('public_id', '=', other)
      .execute();
    expect((await complete(operator.token, other, { payoutReference: 'TRF-1' })).body.code).toBe(
      E.PAYOUT_NAME_CHECK_REQUIRED.code,
    );
    expect(
      (await complete(operator.token, other, { payoutReference: 'TRF-1', otherNameAccepted: false })).body
        .code,
    ).toBe(E.PAYOUT_NAME_CHECK_REQUIRED.code);
    expect(await statusOf(other)).toBe('request');
    periodOf(
      (await complete(operator.token, other, { payoutReference: 'TRF-1', otherNameAccepted: true })).body,
    );
    expect(await statusOf(other)).toBe('success');
    const [audit] = await auditRows(app, 'order.complete', `order:${other}`);
    expect(JSON.stringify(audit?.after)).toContain('other_name_accepted');
    // 'Somchai Jaidee' is the member's own name: no tick needed.
    periodOf((await complete(operator.token, own, { payoutReference: 'TRF-2' })).body);
  });

  it('rule: a rejection note is in both languages or none, whatever the reason (50045), and nothing changes', async () => {
    const t = await createTrader(app);
    const id = await orderIn(t, 'request');
    for (const note of [
      { en: 'Call us', th: '' },
      { en: '', th: 'โทรหาเรา' },
      { en: 'Call us', th: '   ' },
    ]) {
      const refused = await reject(operator.token, id, { reasonCode: 'amountMismatch', note });
      expect(refused.body.code).toBe(E.ORDER_REASON_REQUIRED.code);
    }
    expect(await statusOf(id)).toBe('request');
    expect(await auditRows(app, 'order.reject', `order:${id}`)).toHaveLength(0);
    periodOf(
      (await reject(operator.token, id, { reasonCode: 'amountMismatch', note: { en: '', th: '' } })).body,
    );
    expect(await statusOf(id)).toBe('reject');
  });

  it("rule: a rejection gives a reason the member reads in their language; 'other' needs the note in both (50045)", async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    periodOf((await confirm(t, transfer(order.id))).body);
    expect((await reject(operator.token, order.id, { reasonCode: 'other' })).body.code).toBe(
      E.ORDER_REASON_REQUIRED.code,
    );
    expect(
      (await reject(operator.token, order.id, { reasonCode: 'other', note: { en: 'Call us', th: '' } })).body
        .code,
    ).toBe(E.ORDER_REASON_REQUIRED.code);
    periodOf(
      (
        await reject(operator.token, order.id, {
          reasonCode: 'other',
          note: { en: 'Call us', th: 'โทรหาเรา' },
        })
      ).body,
    );
    const seen = periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body);
    expect(seen).toMatchObject({
      status: 'reject',
      reasonCode: 'other',
      reason: { en: 'Call us', th: 'โทรหาเรา' },
    });
  });

  it('rule: a slip used for an earlier order is flagged to staff with that order, by its image and by its QR', async () => {
    const t = await createTrader(app);
    await app.services.settings.set({ type: 'system', id: null }, 'openOrderCap', 10);
    const payload = `slip-${t.username}`;
    const photo = await slipImage(payload);
    const first = await created(t, buy(t));
    periodOf((await confirm(t, { ...deposit(first.id), slipImage: photo })).body);
    const second = await created(t, buy(t));
    periodOf((await confirm(t, { ...deposit(second.id), slipImage: photo })).body);
    const third = await created(t, buy(t));
    // Another photo (another shade) of a slip with the same QR payload.
    periodOf((await confirm(t, { ...deposit(third.id), slipImage: await slipImage(payload, 235) })).body);
    const fresh = await created(t, buy(t));
    periodOf(
      (await confirm(t, { ...deposit(fresh.id), slipImage: await slipImage(`${payload}-other`) })).body,
    );

    const seen = periodOf(
      (await staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${second.id}`)).body,
    );
    expect(seen.duplicates).toContainEqual({ id: first.id, status: 'request', by: 'image' });
    const third2 = periodOf(
      (await staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${third.id}`)).body,
    );
    expect(third2.duplicates.map((d) => [d.id, d.by])).toEqual([
      [first.id, 'qr'],
      [second.id, 'qr'],
    ]);
    const clean = periodOf(
      (await staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${fresh.id}`)).body,
    );
    expect(clean.duplicates).toEqual([]);
  });
});

describe('races', () => {
  it('rule: 50 concurrent confirms of one order make exactly one request', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(t, transfer(order.id))));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0).every((c) => c === E.TRANSACTION_STATUS_INVALID.code)).toBe(true);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(await auditRows(app, 'order.confirm', `order:${order.id}`)).toHaveLength(1);
  });

  it('rule: 20 concurrent creates at the open-order cap make exactly the cap', async () => {
    const t = await createTrader(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(t, sell(t))));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === E.OPEN_ORDER_LIMIT.code)).toHaveLength(17);
    expect(await ordersOf(t.id)).toBe(3);
  });

  it('rule: a confirm and the sweeper at the deadline give exactly one outcome', async () => {
    for (let i = 0; i < 5; i++) {
      const t = await createTrader(app);
      const order = await created(t, sell(t));
      const deadline = new Date(Date.now() + 1000);
      await app.database.db
        .updateTable('transactions')
        .set({ deadline_at: deadline })
        .where('public_id', '=', order.id)
        .execute();
      const [confirmed, swept] = await Promise.all([
        confirm(t, transfer(order.id)),
        app.services.orders.expireDue(deadline),
      ]);
      const status = await statusOf(order.id);
      if (confirmed.body.code === 0) {
        expect(status).toBe('request');
      } else {
        expect(confirmed.body.code).toBe(E.TRANSACTION_EXPIRED.code);
        expect(status).toBe('expired');
        expect(swept).toBeGreaterThanOrEqual(1);
      }
      const audits = [
        ...(await auditRows(app, 'order.confirm', `order:${order.id}`)),
        ...(await auditRows(app, 'order.expire', `order:${order.id}`)),
      ];
      expect(audits).toHaveLength(1);
    }
  });

  it('rule: two staff deciding at once: one wins, the other gets 50014', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    periodOf((await confirm(t, transfer(order.id))).body);
    const [a, b] = await Promise.all([
      complete(operator.token, order.id, { payoutReference: 'TRF-A' }),
      reject(admin.token, order.id, { reasonCode: 'paymentNotReceived' }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([0, E.TRANSACTION_STATUS_INVALID.code].sort());
    const status = await statusOf(order.id);
    expect(status).toBe(a.body.code === 0 ? 'success' : 'reject');
  });
  it('rule: a complete and the sweeper at the deadline give exactly one outcome: success, never expired', async () => {
    for (let i = 0; i < 5; i++) {
      const t = await createTrader(app);
      const id = await orderIn(t, 'request');
      await pastDeadline(id);
      const [completed] = await Promise.all([
        complete(operator.token, id, { payoutReference: `TRF-${i}` }),
        app.services.orders.expireDue(),
      ]);
      expect(completed.body.code).toBe(0);
      expect(await statusOf(id)).toBe('success');
      expect(await auditRows(app, 'order.complete', `order:${id}`)).toHaveLength(1);
      expect(await auditRows(app, 'order.expire', `order:${id}`)).toHaveLength(0);
    }
  });

  it('rule: two staff completing at once: one succeeds, the other gets 50014, one payout reference kept', async () => {
    const t = await createTrader(app);
    const id = await orderIn(t, 'request');
    const [a, b] = await Promise.all([
      complete(operator.token, id, { payoutReference: 'TRF-A' }),
      complete(admin.token, id, { payoutReference: 'TRF-B' }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([0, E.TRANSACTION_STATUS_INVALID.code].sort());
    expect([a.status, b.status].every((s) => s < 500)).toBe(true);
    expect(await statusOf(id)).toBe('success');
    expect(await auditRows(app, 'order.complete', `order:${id}`)).toHaveLength(1);
    const seen = periodOf((await post<Transaction>(app, GET, { id }, { token: t.token })).body);
    expect(seen.payoutReference).toBe(a.body.code === 0 ? 'TRF-A' : 'TRF-B');
  });
});

describe('money', () => {
  it('rule: quote, create and history agree to the satang, and truncation never rounds up', async () => {
    const t = await createTrader(app);
    await app.services.settings.set({ type: 'system', id: null }, 'openOrderCap', 100);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100_000, max: 300_000_000 }),
        fc.integer({ min: 10_000, max: 10_000_000 }),
        fc.integer({ min: 3000, max: 4000 }),
        fc.integer({ min: 0, max: 500 }),
        async (thbSatang, usdtCents, rateCents, feeThousandths) => {
          const buyRate = new Decimal(rateCents + 50).div(100).toFixed(2);
          const sellRate = new Decimal(rateCents).div(100).toFixed(2);
          const fee = new Decimal(feeThousandths).div(100).toFixed();
          await app.services.rates.set(
            { type: 'system', id: null },
            { buyRate, sellRate, sellFeePercent: fee },
          );
          const thb = new Decimal(thbSatang).div(100).toFixed(2);
          const usdt = new Decimal(usdtCents).div(100).toFixed(2);

          const b = await created(t, buy(t, thb, buyRate));
          const got = new Decimal(b.amountUsdt);
          expect(got.times(buyRate).lte(thb)).toBe(true);
          expect(got.plus('0.01').times(buyRate).gt(thb)).toBe(true);

          const s = await created(t, sell(t, usdt, sellRate, fee));
          const exact = new Decimal(usdt).times(sellRate);
          const gross = new Decimal(s.amountThb);
          expect(gross.lte(exact) && gross.plus('0.01').gt(exact)).toBe(true);
          expect(new Decimal(s.fee).lte(gross.times(fee).div(100))).toBe(true);
          expect(new Decimal(s.fee).plus(s.total).eq(gross)).toBe(true);

          const history = periodOf(
            (
              await post<{ items: Transaction[] }>(
                app,
                LIST,
                { filter: 'today', pageSize: 2 },
                { token: t.token },
              )
            ).body,
          );
          const pick = (o: Transaction) => [o.id, o.amountThb, o.amountUsdt, o.fee, o.total, o.rate];
          expect(history.items.map(pick)).toEqual([pick(s), pick(b)]);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('reports and the dashboard', () => {
  const csv = (token: string, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('rule: the orders report is CSV in UTF-8 with a BOM, one line per order of the Bangkok days, with the member', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    periodOf((await confirm(t, transfer(order.id))).body);
    periodOf((await complete(operator.token, order.id, { payoutReference: 'TRF-REPORT' })).body);
    const today = bangkokDate(new Date());
    const res = await csv(admin.token, `from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toContain('"id","created_at","type","status"');
    const line = lines.find((l) => l.startsWith(`"${order.id}"`)) ?? '';
    expect(line).toContain('"success"');
    expect(line).toContain(`"${t.username}","Somchai Jaidee"`);
    expect(line).toContain('"TRF-REPORT"');
  });

  it('rule: the totals report gives orders, completed ones and their volumes per day and type', async () => {
    const today = bangkokDate(new Date());
    const res = await csv(admin.token, `from=${today}&to=${today}&kind=totals`);
    const rows = res.body
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(',').map((v) => v.replace(/^"|"$/g, '')));
    expect(rows[0]).toEqual([
      'date',
      'type',
      'orders',
      'completed',
      'completed_thb',
      'completed_usdt',
      'completed_fee',
    ]);
    const sells = rows.find((r) => r[0] === today && r[1] === 'sell');
    // Counted independently of the report's query: the rows of today's sell orders.
    const all = await app.database.db
      .selectFrom('transactions')
      .select(['status', 'amount_thb', 'created_at'])
      .where('type', '=', 'sell')
      .execute();
    const todays = all.filter((r) => bangkokDate(r.created_at) === today);
    const done = todays.filter((r) => r.status === 'success');
    expect(Number(sells?.[2])).toBe(todays.length);
    expect(Number(sells?.[3])).toBe(done.length);
    expect(sells?.[4]).toBe(done.reduce((sum, r) => sum.plus(r.amount_thb), new Decimal(0)).toFixed(2));
  });

  it('rule: a report range that ends before it starts, or spans over 366 days, is refused with 60001', async () => {
    for (const query of [
      'from=2026-02-10&to=2026-02-01',
      'from=2024-01-01&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'to=2026-03-01',
    ]) {
      const res = await csv(admin.token, query);
      expect(res.json(), query).toMatchObject({ code: E.REPORT_INCORRECT.code });
    }
  });

  it("rule: the dashboard shows today's and this month's completed volumes by type and a day-by-day series", async () => {
    const before = periodOf(
      (await staffCall<Dashboard>(app, admin.token, 'GET', '/api/admin/dashboard')).body,
    );
    const t = await createTrader(app);
    const order = await created(t, buy(t, '10000.00'));
    periodOf((await confirm(t, deposit(order.id))).body);
    periodOf(
      (await complete(operator.token, order.id, { payoutReference: TX_HASH, slipNameMatches: true })).body,
    );
    const after = periodOf(
      (await staffCall<Dashboard>(app, admin.token, 'GET', '/api/admin/dashboard')).body,
    );
    const grew = (a: string, b: string) => new Decimal(b).minus(a).toFixed(2);
    expect(after.volumes.today.buy.count - before.volumes.today.buy.count).toBe(1);
    expect(grew(before.volumes.today.buy.thb, after.volumes.today.buy.thb)).toBe('10000.00');
    expect(grew(before.volumes.today.buy.usdt, after.volumes.today.buy.usdt)).toBe(order.amountUsdt);
    expect(grew(before.volumes.month.buy.thb, after.volumes.month.buy.thb)).toBe('10000.00');
    expect(after.volumePerDay).toHaveLength(30);
    expect(after.volumePerDay.at(-1)?.date).toBe(bangkokDate(new Date()));
    expect(grew(before.volumePerDay.at(-1)?.buyThb ?? '0', after.volumePerDay.at(-1)?.buyThb ?? '0')).toBe(
      '10000.00',
    );
  });
});
