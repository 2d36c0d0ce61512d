import {
  bangkokDate,
  Decimal,
  E,
  ORDER_ID_PATTERN,
  ORDER_TRANSITIONS,
  type OrderTransition,
  orderTransitionAllowed,
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
} from '@bahtdesk/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { post, type TestStaff } from '../../../test/members.ts';
import {
  buy,
  DAY_MS,
  GET,
  HOUR_MS,
  historyOf,
  orderTestFile,
  PAY,
  sell,
  transfer,
} from '../../../test/orders.ts';
import { auditRows, periodOf } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/** The member's order lifecycle: create, pay, confirm, read, list, expire; and the state machine. */

let app: FastifyInstance;
let operator: TestStaff;

const {
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
} = orderTestFile((t) => {
  ({ app, operator } = t);
});

/** The next Bangkok day the desk is open, `days` or more ahead, at `clock`. */
async function businessDayAt(clock: string, days = 1): Promise<Date> {
  const date = await app.services.calendar.nextOpenDay(bangkokDate(new Date(Date.now() + days * DAY_MS)));
  return new Date(`${date}T${clock}:00+07:00`);
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
    expect(order.id).toMatch(ORDER_ID_PATTERN);
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
    const closed = await app.services.calendar.closedDays(
      bangkokDate(new Date()),
      pay.lastAppointmentDate as string,
    );
    expect(pay.holidays).toEqual(closed.map(({ date, name }) => ({ date, name })));
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
    const weekday = await businessDayAt('10:00');
    const saturday = new Date(
      weekday.getTime() + ((6 - new Date(weekday.getTime() + 7 * HOUR_MS).getUTCDay() + 7) % 7) * DAY_MS,
    );
    expect((await confirm(t, at(saturday))).body.code).toBe(E.WEEKDAY_REQUIRED.code);
    expect((await confirm(t, at(await businessDayAt('08:30')))).body.code).toBe(
      E.APPOINTMENT_TIME_INVALID.code,
    );
    expect((await confirm(t, at(await businessDayAt('16:01')))).body.code).toBe(
      E.APPOINTMENT_TIME_INVALID.code,
    );
    expect((await confirm(t, at(await businessDayAt('10:00', 40)))).body.code).toBe(
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
    const all = await historyOf(app, t.token);
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.total).toBe(2);
    // Every page says how many there are, also one past the end.
    for (const [page, ids] of [
      [2, [a.id]],
      [3, []],
    ] as const) {
      const paged = await historyOf(app, t.token, { page, pageSize: 1 });
      expect(paged.items.map((i) => i.id)).toEqual(ids);
      expect(paged.total).toBe(2);
    }
    const sells = await historyOf(app, t.token, { type: 'sell' });
    expect(sells.items.map((i) => i.id)).toEqual([a.id]);
    const requests = await historyOf(app, t.token, { status: 'request' });
    expect(requests.items.map((i) => i.id)).toEqual([a.id]);
    const yesterday = await historyOf(app, t.token, { filter: 'yesterday' });
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
      (await historyOf(app, t.token, status ? { status } : {})).items.map((i) => [i.id, i.status]);
    expect(await list()).toEqual([
      [fresh.id, 'pending'],
      [due.id, 'expired'],
    ]);
    expect(await list('pending')).toEqual([[fresh.id, 'pending']]);
    expect(await list('expired')).toEqual([[due.id, 'expired']]);
    expect(await auditRows(app, 'order.expire', `order:${due.id}`)).toHaveLength(1);
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

          const history = await historyOf(app, t.token, { pageSize: 2 });
          const pick = (o: Transaction) => [o.id, o.amountThb, o.amountUsdt, o.fee, o.total, o.rate];
          expect(history.items.map(pick)).toEqual([pick(s), pick(b)]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
