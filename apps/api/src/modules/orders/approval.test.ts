import {
  E,
  type PayoutApproval,
  type PayoutAwaiting,
  type StaffOrder,
  settingDefaults,
  type Transaction,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, post, type TestStaff } from '../../../test/members.ts';
import { GET, orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/**
 * The second pair of eyes on large payouts (decision 0068): at or above payoutApprovalThb, one
 * staff member prepares the payout and another approves it or sends it back.
 */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let operator2: TestStaff;
let viewer: TestStaff;

const { created, confirm, complete, reject, statusOf } = orderTestFile(async (t) => {
  ({ app, operator, admin } = t);
  operator2 = await createStaff(app, 'operator');
  viewer = await createStaff(app, 'viewer');
});

// 500 USDT at 34.80 is 17,400 THB: at or above 17,400 needs two staff; 100 USDT (3,480 THB) does not.
beforeEach(() => app.services.settings.set({ type: 'system', id: null }, 'payoutApprovalThb', '17400.00'));
// The files after this one in the same worker share its database: they get the desk's default back.
afterEach(() =>
  app.services.settings.set(
    { type: 'system', id: null },
    'payoutApprovalThb',
    settingDefaults.payoutApprovalThb,
  ),
);

const approve = (token: string, id: string) =>
  staffCall<StaffOrder>(app, token, 'POST', `/api/admin/orders/${id}/approve`, {});
const sendBack = (token: string, id: string, note?: string) =>
  staffCall<StaffOrder>(app, token, 'POST', `/api/admin/orders/${id}/send-back`, { note });
const approvalOf = async (id: string) =>
  periodOf(
    (await staffCall<PayoutApproval>(app, viewer.token, 'GET', `/api/admin/orders/${id}/approval`)).body,
  );

/** A paid sell of `usdt` awaiting staff, and its member's token. */
async function paidSell(usdt = '500.00') {
  const t = await createTrader(app);
  const order = await created(t, sell(t, usdt));
  periodOf((await confirm(t, transfer(order.id))).body);
  return { id: order.id, member: t };
}

/** A large payout prepared by `by`. */
async function prepared(by: TestStaff = operator) {
  const order = await paidSell();
  periodOf((await complete(by.token, order.id, { payoutReference: 'TRF-BIG' })).body);
  return order;
}

describe('two-step completion of a large payout', () => {
  it('rule: at the threshold, complete only prepares: the order waits, the member still sees "being checked"', async () => {
    const { id, member } = await paidSell();
    expect(await approvalOf(id)).toMatchObject({ required: true, awaiting: false, thresholdThb: '17400.00' });
    const answer = periodOf((await complete(operator.token, id, { payoutReference: 'TRF-BIG' })).body);
    expect(answer.order.status).toBe('request');
    expect(await statusOf(id)).toBe('request');
    expect(await approvalOf(id)).toMatchObject({ awaiting: true, preparedBy: operator.username });
    const seen = periodOf((await post<Transaction>(app, GET, { id }, { token: member.token })).body);
    expect(seen.status).toBe('request');
    const [row] = await auditRows(app, 'order.payout.prepare', `order:${id}`);
    expect(row).toMatchObject({ actor_id: String(operator.id) });
    expect(row?.after).toMatchObject({ payout_reference: 'TRF-BIG', awaitingApproval: true });
  });

  it('rule: below the threshold, one staff member completes as before', async () => {
    const { id } = await paidSell('100.00');
    expect((await approvalOf(id)).required).toBe(false);
    expect((await complete(operator.token, id, { payoutReference: 'TRF-SMALL' })).body.code).toBe(0);
    expect(await statusOf(id)).toBe('success');
  });

  it('rule: the same person can never do both steps: the preparer cannot approve or send back (50058)', async () => {
    const { id } = await prepared(operator);
    expect((await approve(operator.token, id)).body.code).toBe(E.APPROVAL_SAME_STAFF.code);
    expect((await sendBack(operator.token, id, 'mine')).body.code).toBe(E.APPROVAL_SAME_STAFF.code);
    // Nor complete or reject it again past the approval.
    expect((await complete(operator.token, id, { payoutReference: 'TRF-AGAIN' })).body.code).toBe(
      E.APPROVAL_PENDING.code,
    );
    expect((await complete(admin.token, id, { payoutReference: 'TRF-AGAIN' })).body.code).toBe(
      E.APPROVAL_PENDING.code,
    );
    expect((await reject(admin.token, id, { reasonCode: 'usdtNotReceived' })).body.code).toBe(
      E.APPROVAL_PENDING.code,
    );
    expect(await statusOf(id)).toBe('request');
  });

  it('rule: another staff member approves: the order is completed with the prepared reference, audited', async () => {
    const { id, member } = await prepared(operator);
    const done = periodOf((await approve(admin.token, id)).body);
    expect(done.order.status).toBe('success');
    expect(done.decidedBy).toBe(admin.username);
    const seen = periodOf((await post<Transaction>(app, GET, { id }, { token: member.token })).body);
    expect(seen).toMatchObject({ status: 'success', payoutReference: 'TRF-BIG' });
    const [row] = await auditRows(app, 'order.complete', `order:${id}`);
    expect(row).toMatchObject({ actor_id: String(admin.id) });
    expect(row?.before).toMatchObject({ preparedBy: operator.id });
    expect((await approve(operator2.token, id)).body.code).toBe(E.TRANSACTION_STATUS_INVALID.code);
  });

  it('rule: another staff member sends it back with a note: the order awaits staff again, unprepared', async () => {
    const { id } = await prepared(operator);
    expect((await sendBack(admin.token, id, ' ')).body.code).toBe(E.SEND_BACK_NOTE_REQUIRED.code);
    const back = periodOf((await sendBack(admin.token, id, 'Wrong reference')).body);
    expect(back.order.status).toBe('request');
    expect(await approvalOf(id)).toMatchObject({ awaiting: false, preparedBy: null });
    const [row] = await auditRows(app, 'order.payout.send_back', `order:${id}`);
    expect(row).toMatchObject({ actor_id: String(admin.id), reason: 'Wrong reference' });
    expect((await approve(operator2.token, id)).body.code).toBe(E.APPROVAL_NOT_AWAITED.code);
    // Prepared again, by the one who sent it back; approved by the first preparer.
    periodOf((await complete(admin.token, id, { payoutReference: 'TRF-FIXED' })).body);
    expect(periodOf((await approve(operator.token, id)).body).order.payoutReference).toBe('TRF-FIXED');
  });

  it('rule: a viewer can neither prepare, approve nor send back', async () => {
    const { id } = await prepared(operator);
    expect((await approve(viewer.token, id)).status).toBe(403);
    expect((await sendBack(viewer.token, id, 'no')).status).toBe(403);
  });

  it('rule: a hold placed after the payout was prepared stops its approval', async () => {
    const { id, member } = await prepared(operator);
    periodOf(
      (
        await staffCall(app, operator2.token, 'POST', `/api/admin/members/${member.id}/flags`, {
          flag: 'payouts_held',
          reason: 'Bank asked to freeze',
        })
      ).body,
    );
    expect((await approve(admin.token, id)).body.code).toBe(E.PAYOUTS_HELD.code);
    expect(await statusOf(id)).toBe('request');
  });

  it('rule: a payout prepared longer ago than the alert setting is listed as overdue for the dashboard', async () => {
    const fresh = await prepared(operator);
    const old = await prepared(operator);
    await app.database.db
      .updateTable('transactions')
      .set({ payout_prepared_at: new Date(Date.now() - 61 * 60_000) })
      .where('public_id', '=', old.id)
      .execute();
    const list = periodOf(
      (
        await staffCall<{ alertMinutes: number; items: PayoutAwaiting[] }>(
          app,
          viewer.token,
          'GET',
          '/api/admin/approvals',
        )
      ).body,
    );
    expect(list.alertMinutes).toBe(60);
    const byId = new Map(list.items.map((i) => [i.id, i]));
    expect(byId.get(old.id)).toMatchObject({ overdue: true, preparedBy: operator.username });
    expect(byId.get(fresh.id)).toMatchObject({ overdue: false });
    periodOf((await approve(admin.token, old.id)).body);
    const after = periodOf(
      (await staffCall<{ items: PayoutAwaiting[] }>(app, viewer.token, 'GET', '/api/admin/approvals')).body,
    );
    expect(after.items.map((i) => i.id)).not.toContain(old.id);
  });
});

describe('races', () => {
  it('rule: two approvals at once: one completes the order, the other is refused', async () => {
    const { id } = await prepared(operator);
    const [a, b] = await Promise.all([approve(admin.token, id), approve(operator2.token, id)]);
    const codes = [a.body.code, b.body.code];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect([a.status, b.status].every((s) => s < 500)).toBe(true);
    expect(await statusOf(id)).toBe('success');
    expect(await auditRows(app, 'order.complete', `order:${id}`)).toHaveLength(1);
  });

  it('rule: an approval and a send-back at once: exactly one of them happens', async () => {
    for (let i = 0; i < 3; i++) {
      const { id } = await prepared(operator);
      const [a, b] = await Promise.all([approve(admin.token, id), sendBack(operator2.token, id, 'Check it')]);
      expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
      const approved = a.body.code === 0;
      expect(await statusOf(id)).toBe(approved ? 'success' : 'request');
      expect(await auditRows(app, 'order.complete', `order:${id}`)).toHaveLength(approved ? 1 : 0);
      expect(await auditRows(app, 'order.payout.send_back', `order:${id}`)).toHaveLength(approved ? 0 : 1);
    }
  });

  it('rule: two staff preparing at once: one prepares, the other is told it awaits approval', async () => {
    const { id } = await paidSell();
    const [a, b] = await Promise.all([
      complete(operator.token, id, { payoutReference: 'TRF-A' }),
      complete(admin.token, id, { payoutReference: 'TRF-B' }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, E.APPROVAL_PENDING.code].sort());
    expect(await auditRows(app, 'order.payout.prepare', `order:${id}`)).toHaveLength(1);
  });

  it('rule: a prepare and a reject at once: one of them happens, never both', async () => {
    const { id } = await paidSell();
    const [a, b] = await Promise.all([
      complete(operator.token, id, { payoutReference: 'TRF-A' }),
      reject(admin.token, id, { reasonCode: 'usdtNotReceived' }),
    ]);
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
    expect(await statusOf(id)).toBe(a.body.code === 0 ? 'request' : 'reject');
  });
});
