import { E, type OrderQueueItem, type StaffOrder, type Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post, type TestStaff } from '../../../test/members.ts';
import {
  buy,
  GET,
  HOUR_MS,
  orderCalls,
  orderTestApp,
  sell,
  slipImage,
  TX_HASH,
  transfer,
} from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../../test/traders.ts';

/** The staff's order desk: the queue, the order screen, completing and rejecting. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let slip: string;

beforeAll(async () => {
  ({ app, operator, admin, slip } = await orderTestApp());
});
afterAll(() => app.close());
beforeEach(() => deskReady(app));
const { created, confirm, deposit, statusOf, pastDeadline, complete, reject, orderIn } = orderCalls(() => ({
  app,
  operator,
  slip,
}));

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
