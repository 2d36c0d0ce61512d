import { E, type MemberRisk, type OrderQueueItem } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createStaff, post, type TestStaff } from '../../../test/members.ts';
import { buy, CREATE, orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../../test/traders.ts';

/** Staff notes and flags on a member (decision 0068), and what each flag does to orders. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let viewer: TestStaff;

const { created, confirm, deposit, complete, statusOf } = orderTestFile(async (t) => {
  ({ app, operator, admin } = t);
  viewer = await createStaff(app, 'viewer');
});

const riskOf = async (token: string, memberId: number) =>
  periodOf((await staffCall<MemberRisk>(app, token, 'GET', `/api/admin/members/${memberId}/risk`)).body);
const addNote = (token: string, memberId: number, body: unknown) =>
  staffCall<MemberRisk>(app, token, 'POST', `/api/admin/members/${memberId}/notes`, { body });
const setFlag = (token: string, memberId: number, flag: string, reason = 'Checked by compliance') =>
  staffCall<MemberRisk>(app, token, 'POST', `/api/admin/members/${memberId}/flags`, { flag, reason });
const liftFlag = (token: string, memberId: number, flag: string, reason = 'Cleared') =>
  staffCall<MemberRisk>(app, token, 'POST', `/api/admin/members/${memberId}/flags/lift`, { flag, reason });
const activeFlags = async (memberId: number) =>
  (await riskOf(viewer.token, memberId)).flags.filter((f) => f.liftedAt === null).map((f) => f.flag);

/** A sell of `t` awaiting staff. */
async function paidSell(t: Trader): Promise<string> {
  const order = await created(t, sell(t, '100.00'));
  periodOf((await confirm(t, transfer(order.id))).body);
  return order.id;
}

describe('member notes', () => {
  it('rule: staff add notes with author and time, newest first; every staff role reads them', async () => {
    const t = await createTrader(app);
    periodOf((await addNote(operator.token, t.id, 'Called about the source of funds')).body);
    const after = periodOf((await addNote(admin.token, t.id, 'Sent payslips\nby email')).body);
    expect(after.notes.map((n) => [n.body, n.author])).toEqual([
      ['Sent payslips\nby email', admin.username],
      ['Called about the source of funds', operator.username],
    ]);
    expect(Date.parse(after.notes[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await riskOf(viewer.token, t.id)).notes).toHaveLength(2);
    const [row] = await auditRows(app, 'member.note.add', `member:${t.id}`);
    expect(row).toMatchObject({ actor_id: String(admin.id) });
  });

  it('rule: notes are append-only: the database refuses to change or remove one', async () => {
    const t = await createTrader(app);
    const risk = periodOf((await addNote(operator.token, t.id, 'First contact')).body);
    const id = risk.notes[0]?.id ?? 0;
    const db = app.database.db;
    await expect(
      db.updateTable('member_notes').set({ body: 'rewritten' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('member_notes').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    expect((await riskOf(viewer.token, t.id)).notes.map((n) => n.body)).toEqual(['First contact']);
  });

  it('rule: notes are for staff only: a viewer cannot write one, a member cannot read them', async () => {
    const t = await createTrader(app);
    periodOf((await addNote(operator.token, t.id, 'Internal only')).body);
    expect((await addNote(viewer.token, t.id, 'x')).status).toBe(403);
    const asMember = await app.inject({
      method: 'GET',
      url: `/api/admin/members/${t.id}/risk`,
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(asMember.json().code).toBe(E.NOT_ALLOWED.code);
    expect(asMember.body).not.toContain('Internal only');
  });

  it('rule: an empty or overlong note is refused with 40028 and nothing is written', async () => {
    const t = await createTrader(app);
    for (const body of ['   ', 'x'.repeat(2001)]) {
      expect((await addNote(operator.token, t.id, body)).body.code).toBe(E.MEMBER_NOTE_INVALID.code);
    }
    expect((await riskOf(viewer.token, t.id)).notes).toEqual([]);
    expect((await addNote(operator.token, 999999999, 'x')).body.code).toBe(E.MEMBER_NOT_FOUND.code);
  });
});

describe('member flags', () => {
  it('rule: setting a flag needs a reason and is audited; the same flag twice is 40025', async () => {
    const t = await createTrader(app);
    expect((await setFlag(operator.token, t.id, 'watch', ' ')).body.code).toBe(
      E.MEMBER_FLAG_REASON_REQUIRED.code,
    );
    const risk = periodOf((await setFlag(operator.token, t.id, 'watch', 'Large cash deposits')).body);
    expect(risk.flags[0]).toMatchObject({
      flag: 'watch',
      reason: 'Large cash deposits',
      setBy: operator.username,
    });
    expect((await setFlag(admin.token, t.id, 'watch')).body.code).toBe(E.MEMBER_FLAG_SET.code);
    const [row] = await auditRows(app, 'member.flag.set', `member:${t.id}`);
    expect(row).toMatchObject({ actor_id: String(operator.id), reason: 'Large cash deposits' });
  });

  it('rule: lifting a flag needs an admin, with a reason, and is audited; the flag stays in the history', async () => {
    const t = await createTrader(app);
    periodOf((await setFlag(operator.token, t.id, 'payouts_held')).body);
    expect((await liftFlag(operator.token, t.id, 'payouts_held')).status).toBe(403);
    expect((await liftFlag(viewer.token, t.id, 'payouts_held')).status).toBe(403);
    expect(await activeFlags(t.id)).toEqual(['payouts_held']);
    const risk = periodOf((await liftFlag(admin.token, t.id, 'payouts_held', 'Documents received')).body);
    expect(risk.flags[0]).toMatchObject({ liftedBy: admin.username, liftReason: 'Documents received' });
    expect(await activeFlags(t.id)).toEqual([]);
    expect((await liftFlag(admin.token, t.id, 'payouts_held')).body.code).toBe(E.MEMBER_FLAG_NOT_SET.code);
    const [row] = await auditRows(app, 'member.flag.lift', `member:${t.id}`);
    expect(row).toMatchObject({ actor_id: String(admin.id), reason: 'Documents received' });
  });

  it('rule: two staff setting the same flag at once make one flag; two lifts at once, one lift', async () => {
    const t = await createTrader(app);
    const sets = await Promise.all([
      setFlag(operator.token, t.id, 'watch'),
      setFlag(admin.token, t.id, 'watch'),
    ]);
    expect(sets.map((r) => r.body.code).sort()).toEqual([0, E.MEMBER_FLAG_SET.code].sort());
    const admin2 = await createStaff(app, 'admin');
    const lifts = await Promise.all([
      liftFlag(admin.token, t.id, 'watch'),
      liftFlag(admin2.token, t.id, 'watch'),
    ]);
    expect(lifts.map((r) => r.body.code).sort()).toEqual([0, E.MEMBER_FLAG_NOT_SET.code].sort());
    expect(await auditRows(app, 'member.flag.set', `member:${t.id}`)).toHaveLength(1);
    expect(await auditRows(app, 'member.flag.lift', `member:${t.id}`)).toHaveLength(1);
  });

  it('rule: watch lets orders flow: created, paid and completed', async () => {
    const t = await createTrader(app);
    periodOf((await setFlag(operator.token, t.id, 'watch')).body);
    const id = await paidSell(t);
    expect((await complete(operator.token, id, { payoutReference: 'TRF-W' })).body.code).toBe(0);
    expect(await statusOf(id)).toBe('success');
  });

  it('rule: trading blocked refuses createTransaction with 50056 in both languages, until an admin lifts it', async () => {
    const t = await createTrader(app);
    periodOf((await setFlag(operator.token, t.id, 'trading_blocked', 'Identity in doubt')).body);
    const body = sell(t, '100.00');
    const en = await post(app, CREATE, body, { token: t.token });
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ code: E.TRADING_BLOCKED.code, message: E.TRADING_BLOCKED.en });
    const th = await post(app, CREATE, body, { token: t.token, headers: { 'accept-language': 'th' } });
    expect(th.body.message).toBe(E.TRADING_BLOCKED.th);
    const count = await app.database.db
      .selectFrom('transactions')
      .select(sql<string>`count(*)`.as('n'))
      .where('member_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    periodOf((await liftFlag(admin.token, t.id, 'trading_blocked')).body);
    expect((await post(app, CREATE, body, { token: t.token })).body.code).toBe(0);
  });

  it('rule: trading blocked also refuses confirming an order placed before the block (50056), in both languages, and nothing changes', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    periodOf((await setFlag(operator.token, t.id, 'trading_blocked', 'Identity in doubt')).body);
    const orderRow = () =>
      app.database.db
        .selectFrom('transactions')
        .selectAll()
        .where('public_id', '=', order.id)
        .executeTakeFirstOrThrow();
    const filesOf = async () =>
      (await app.database.db.selectFrom('files').select('id').where('owner_member_id', '=', t.id).execute())
        .length;
    const [before, files] = await Promise.all([orderRow(), filesOf()]);
    const en = await confirm(t, deposit(order.id));
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ code: E.TRADING_BLOCKED.code, message: E.TRADING_BLOCKED.en });
    const th = await confirm(t, deposit(order.id), { 'accept-language': 'th' });
    expect(th.body).toMatchObject({ code: E.TRADING_BLOCKED.code, message: E.TRADING_BLOCKED.th });
    // The order still awaits the member's payment, the slip was not kept, nothing was logged.
    expect(await orderRow()).toEqual(before);
    expect(await filesOf()).toBe(files);
    expect(await auditRows(app, 'order.confirm', `order:${order.id}`)).toEqual([]);
    periodOf((await liftFlag(admin.token, t.id, 'trading_blocked')).body);
    expect((await confirm(t, deposit(order.id))).body.code).toBe(0);
  });

  it('rule: payouts held lets orders be created and paid, but no staff member completes one until lifted', async () => {
    const t = await createTrader(app);
    periodOf((await setFlag(operator.token, t.id, 'payouts_held')).body);
    const id = await paidSell(t);
    expect(await statusOf(id)).toBe('request');
    for (const staff of [operator, admin]) {
      const refused = await complete(staff.token, id, { payoutReference: 'TRF-H' });
      expect(refused.body.code).toBe(E.PAYOUTS_HELD.code);
    }
    expect(await statusOf(id)).toBe('request');
    periodOf((await liftFlag(admin.token, t.id, 'payouts_held')).body);
    expect((await complete(operator.token, id, { payoutReference: 'TRF-H' })).body.code).toBe(0);
  });
});

describe('the queue by member and by flag', () => {
  it('rule: the queue filters by member and by active flag, and shows each order’s member flags', async () => {
    const flagged = await createTrader(app);
    const other = await createTrader(app);
    const a = await paidSell(flagged);
    const b = await paidSell(other);
    periodOf((await setFlag(operator.token, flagged.id, 'watch')).body);
    const queue = async (query: string) =>
      periodOf(
        (
          await staffCall<{ items: OrderQueueItem[] }>(
            app,
            viewer.token,
            'GET',
            `/api/admin/orders?pageSize=100&${query}`,
          )
        ).body,
      ).items;
    const byMember = await queue(`memberId=${flagged.id}`);
    expect(byMember.map((i) => i.id)).toEqual([a]);
    expect(byMember[0]?.memberFlags).toEqual(['watch']);
    const watched = (await queue('flag=watch')).map((i) => i.id);
    expect(watched).toContain(a);
    expect(watched).not.toContain(b);
    expect((await queue('flag=payouts_held')).map((i) => i.id)).not.toContain(a);
    periodOf((await liftFlag(admin.token, flagged.id, 'watch')).body);
    expect((await queue('flag=watch')).map((i) => i.id)).not.toContain(a);
    const unknown = await staffCall(app, viewer.token, 'GET', '/api/admin/orders?flag=frozen');
    expect(unknown.body.code).toBe(E.INVALID_INPUT.code);
  });
});
