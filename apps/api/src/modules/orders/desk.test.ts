import {
  bangkokDate,
  bangkokInstants,
  E,
  type ErrorDef,
  type OrderQueueItem,
  type StaffOrder,
  type Transaction,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createStaff, post, type TestStaff } from '../../../test/members.ts';
import {
  buy,
  DAY_MS,
  DEPOSIT_CHECKED,
  GET,
  HOUR_MS,
  orderTestFile,
  sell,
  slipImage,
  TX_HASH,
  transfer,
} from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../../test/traders.ts';

/** The staff's order desk: the queue, the order screen, completing and rejecting. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let viewer: TestStaff;

const { created, confirm, deposit, statusOf, pastDeadline, complete, reject, orderIn } = orderTestFile(
  async (t) => {
    ({ app, operator, admin } = t);
    viewer = await createStaff(app, 'viewer');
  },
);

/**
 * A buy of `t` awaiting staff, paid by a cash appointment at `at`, made in SQL from a fresh order
 * (the booking's own rules are the lifecycle's tests).
 */
async function appointmentAt(
  t: Trader,
  at: Date,
  confirmedAt = new Date(),
  body: ReturnType<typeof buy> = buy(t),
): Promise<string> {
  const order = await created(t, body);
  await app.database.db
    .updateTable('transactions')
    .set({
      status: 'request',
      payment_method: 'cash_appointment',
      appointment_location: JSON.stringify({
        id: 'silom',
        name: { en: 'Silom', th: 'สีลม' },
        address: { en: '1 Silom Road', th: '1 ถนนสีลม' },
      }),
      appointment_at: at,
      confirmed_at: confirmedAt,
    })
    .where('public_id', '=', order.id)
    .execute();
  return order.id;
}

const staffOrder = async (token: string, id: string) =>
  periodOf((await staffCall<StaffOrder>(app, token, 'GET', `/api/admin/orders/${id}`)).body);

/**
 * Completes `id` with `body`, its `tick` unset and then false: refused with `error` in English,
 * and in Thai; the order still awaits staff.
 */
async function refusedWithoutTick(id: string, body: Record<string, unknown>, tick: string, error: ErrorDef) {
  for (const value of [undefined, false]) {
    const refused = await complete(operator.token, id, { ...body, [tick]: value });
    expect(refused.body.code).toBe(error.code);
    expect(refused.body.message).toBe(error.en);
  }
  const thai = await staffCall(app, operator.token, 'POST', `/api/admin/orders/${id}/complete`, body, {
    'accept-language': 'th',
  });
  expect(thai.body.message).toBe(error.th);
  expect(await statusOf(id)).toBe('request');
}

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
      (await complete(operator.token, order.id, { ...DEPOSIT_CHECKED, payoutReference: '!' })).body.code,
    ).toBe(E.PAYOUT_REFERENCE_INVALID.code);
    expect(await statusOf(order.id)).toBe('request');
    const done = periodOf((await complete(operator.token, order.id, DEPOSIT_CHECKED)).body);
    expect(done.order).toMatchObject({ status: 'success', payoutReference: TX_HASH });
    expect(done).toMatchObject({ slipNameChecked: true, decidedBy: operator.username });
    expect(done.member).toMatchObject({ firstName: 'Somchai', lastName: 'Jaidee', kycStatus: 'verified' });
    expect(done.history.map((h) => h.action)).toEqual(['order.create', 'order.confirm', 'order.complete']);
    expect(
      periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body)
        .payoutReference,
    ).toBe(TX_HASH);
  });

  it("rule: completing a cash deposit needs the tick that its amount was seen in the desk's bank account (50065), audited", async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    periodOf((await confirm(t, deposit(order.id))).body);
    // The screen names the desk's accounts the money is looked for in.
    expect((await staffOrder(operator.token, order.id)).deskAccounts).toEqual([
      { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' },
    ]);
    await refusedWithoutTick(
      order.id,
      { payoutReference: TX_HASH, slipNameMatches: true },
      'depositSeen',
      E.DEPOSIT_SEEN_CHECK_REQUIRED,
    );
    periodOf((await complete(operator.token, order.id, DEPOSIT_CHECKED)).body);
    const [audit] = await auditRows(app, 'order.complete', `order:${order.id}`);
    expect(audit?.after).toMatchObject({ status: 'success', slip_name_checked: true, deposit_seen: true });
    // A sell has no deposit to see: no tick asked.
    expect((await staffOrder(operator.token, await orderIn(t, 'success'))).deskAccounts).toEqual([]);
  });

  it('rule: a cash appointment completed before its Bangkok day needs the tick that the member came early (50064), audited', async () => {
    const t = await createTrader(app);
    const tomorrow = new Date(Date.now() + DAY_MS);
    const early = await appointmentAt(t, tomorrow);
    await refusedWithoutTick(
      early,
      { payoutReference: TX_HASH },
      'cameEarly',
      E.APPOINTMENT_EARLY_CHECK_REQUIRED,
    );
    periodOf((await complete(operator.token, early, { payoutReference: TX_HASH, cameEarly: true })).body);
    const [audit] = await auditRows(app, 'order.complete', `order:${early}`);
    expect(audit?.after).toMatchObject({
      status: 'success',
      came_early: true,
      appointment_at: tomorrow.toISOString(),
    });

    // On the appointment's day, even before its hour (the last moment of today in Bangkok), or
    // after it: no tick, and none recorded.
    const today = bangkokDate(new Date());
    const endOfToday = new Date(bangkokInstants({ from: today, to: today }).end.getTime() - 1);
    for (const at of [endOfToday, new Date(Date.now() - DAY_MS)]) {
      const id = await appointmentAt(t, at);
      periodOf((await complete(operator.token, id, { payoutReference: TX_HASH })).body);
      const [row] = await auditRows(app, 'order.complete', `order:${id}`);
      expect(row?.after).not.toHaveProperty('came_early');
    }
  });

  it("rule: a buy's payout hash is checked against the order's network: an 0x… hash on a TRON buy is refused (50067) in both languages and nothing changes; a TRON transaction id completes it", async () => {
    const t = await createTrader(app);
    const tron = await app.database.db
      .insertInto('usdt_addresses')
      .values({
        member_id: t.id,
        network: 'TRON',
        address: 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi',
        uid: '1234567',
        usable_from: new Date(Date.now() - DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await appointmentAt(t, new Date(), new Date(), { ...buy(t), usdtAddressId: tron.id });
    const before = await app.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('public_id', '=', id)
      .executeTakeFirstOrThrow();
    const ethereumStyle = { payoutReference: `0x${'c3'.repeat(32)}` };
    const refused = await complete(operator.token, id, ethereumStyle);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: E.PAYOUT_HASH_INVALID.code,
      message: E.PAYOUT_HASH_INVALID.variants.tron.en,
      result: { period: { fields: ['payoutReference'] } },
    });
    const thai = await staffCall(
      app,
      operator.token,
      'POST',
      `/api/admin/orders/${id}/complete`,
      ethereumStyle,
      {
        'accept-language': 'th',
      },
    );
    expect(thai.body.message).toBe(E.PAYOUT_HASH_INVALID.variants.tron.th);
    // Nothing changed: the same row, no completion in the log.
    const after = await app.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('public_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await auditRows(app, 'order.complete', `order:${id}`)).toEqual([]);

    const done = periodOf((await complete(operator.token, id, { payoutReference: 'C3'.repeat(32) })).body);
    // Kept as Tronscan prints it, and so shown to the member.
    expect(done.order).toMatchObject({ status: 'success', payoutReference: 'c3'.repeat(32) });
  });

  it("rule: the queue shows an appointment's date and time and sorts by it, soonest first, the other orders after", async () => {
    const t = await createTrader(app);
    const later = await appointmentAt(
      t,
      new Date(Date.now() + 3 * DAY_MS),
      new Date(Date.now() - 2 * 60_000),
    );
    const sooner = await appointmentAt(t, new Date(Date.now() + DAY_MS), new Date(Date.now() - 60_000));
    const plain = await orderIn(t, 'request');
    const queueOf = async (sort: string) =>
      periodOf(
        (
          await staffCall<{ items: OrderQueueItem[] }>(
            app,
            viewer.token,
            'GET',
            `/api/admin/orders?q=${t.username}${sort}`,
          )
        ).body,
      ).items;
    expect((await queueOf('')).map((i) => i.id)).toEqual([later, sooner, plain]);
    const byAppointment = await queueOf('&sort=appointment');
    expect(byAppointment.map((i) => [i.id, i.appointmentAt !== null])).toEqual([
      [sooner, true],
      [later, true],
      [plain, false],
    ]);
    expect(byAppointment[0]?.appointmentAt).toBe(
      (await staffOrder(viewer.token, sooner)).order.payment?.appointmentAt,
    );
    const wrong = await staffCall(app, viewer.token, 'GET', '/api/admin/orders?sort=deadline');
    expect(wrong.body.code).toBe(E.INVALID_INPUT.code);
  });

  it('rule: every role sees a payout account number masked on the order screen; an operator reads it in full only through the reveal, audited; a viewer may not', async () => {
    const t = await createTrader(app);
    const id = await orderIn(t, 'request');
    for (const staff of [viewer, operator, admin]) {
      const seen = await staffOrder(staff.token, id);
      expect(seen.order.bankAccount?.accountNumber).toBe('xxx-x-x6789-0');
      expect(JSON.stringify(seen)).not.toContain('1234567890');
    }
    const url = `/api/admin/orders/${id}/reveal-account`;
    const refused = await staffCall(app, viewer.token, 'POST', url, {});
    expect(refused.status).toBe(403);
    expect(await auditRows(app, 'order.bank_account.reveal', `order:${id}`)).toHaveLength(0);
    const shown = periodOf(
      (await staffCall<{ accountNumber: string }>(app, operator.token, 'POST', url, {})).body,
    );
    expect(shown.accountNumber).toBe('1234567890');
    const [row] = await auditRows(app, 'order.bank_account.reveal', `order:${id}`);
    expect(row).toMatchObject({ actor_type: 'staff', actor_id: String(operator.id) });
    expect(row?.after).toMatchObject({ bankCode: 'KBANK' });
    expect((await staffOrder(viewer.token, id)).history.map((h) => h.action)).toContain(
      'order.bank_account.reveal',
    );
    // A buy pays out USDT: no account to reveal; an unknown order is not found.
    const b = await created(t, buy(t));
    expect(
      (await staffCall(app, operator.token, 'POST', `/api/admin/orders/${b.id}/reveal-account`, {})).body
        .code,
    ).toBe(E.BANK_ACCOUNT_NOT_FOUND.code);
    expect(
      (await staffCall(app, operator.token, 'POST', '/api/admin/orders/S0000000000/reveal-account', {})).body
        .code,
    ).toBe(E.TRANSACTION_NOT_FOUND.code);
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
  it('rule: two staff deciding at once: one wins, the other gets 50014', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    periodOf((await confirm(t, transfer(order.id))).body);
    const [a, b] = await Promise.all([
      complete(operator.token, order.id, { payoutReference: 'TRF-A' }),
      reject(admin.token, order.id, { reasonCode: 'usdtNotReceived' }),
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
