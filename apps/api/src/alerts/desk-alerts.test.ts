import { settingDefaults } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLine } from '../../test/fake-line.ts';
import { testApp } from '../../test/harness.ts';
import { createStaff, type TestStaff } from '../../test/members.ts';
import { buy, orderCalls, sell, slipImage, transfer } from '../../test/orders.ts';
import { periodOf } from '../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../test/traders.ts';

/** The desk alert channel (decisions 0080, 0082, 0095): each alert queues one row per desk recipient. */

/** More orders than this past the setting in one sweep make one digest (decision 0095). */
const DIGEST_OVER = 5;
const LINE_GROUP = `C${'0123456789abcdef'.repeat(2)}`;
const LINE = { channelAccessToken: 'desk-alerts-token', channelSecret: 'desk-alerts-secret' };
const ENV = { DESK_ALERT_EMAILS: 'desk@example.com, lead@example.com', DESK_ALERT_LINE_GROUP: LINE_GROUP };

let current: { app: FastifyInstance; operator: TestStaff; slip: string } | undefined;
let fakeLine: Awaited<ReturnType<typeof startFakeLine>>;
const running = () => {
  if (!current) throw new Error('the app starts before the tests');
  return current;
};
const { created, confirm, complete } = orderCalls(running);

beforeAll(async () => {
  fakeLine = await startFakeLine(LINE);
  const { app } = await testApp({
    ...ENV,
    LINE_CHANNEL_ACCESS_TOKEN: LINE.channelAccessToken,
    LINE_CHANNEL_SECRET: LINE.channelSecret,
    LINE_OFFICIAL_ACCOUNT_ID: '@bahtdesk',
    LINE_API_URL: fakeLine.url,
  });
  current = { app, operator: await createStaff(app, 'operator'), slip: await slipImage('slip-1') };
});
afterAll(async () => {
  // A later file in the same worker reads these settings as their defaults.
  const system = { type: 'system' as const, id: null };
  for (const key of ['payoutApprovalThb', 'orderWaitAlertMinutes'] as const)
    await current?.app.services.settings.set(system, key, settingDefaults[key]);
  await current?.app.close();
  await fakeLine?.close();
});
beforeEach(async () => {
  const { app } = running();
  await deskReady(app);
  await app.services.settings.set({ type: 'system', id: null }, 'orderWaitAlertMinutes', 10);
});

/** The queued desk alerts of `kind` that name order `id`, by recipient. */
async function alertsOf(kind: string, id: string) {
  const rows = await running()
    .app.database.db.selectFrom('outbox')
    .select(['channel', 'recipient', 'subject', 'body', 'kind', 'member_id', 'lang'])
    .where('kind', '=', kind)
    .where('subject', 'like', `%${id}`)
    .orderBy('recipient')
    .execute();
  return rows;
}

async function paidSell(usdt: string) {
  const { app } = running();
  const t = await createTrader(app);
  const order = await created(t, sell(t, usdt));
  periodOf((await confirm(t, transfer(order.id))).body);
  return { id: order.id, member: t };
}

describe('desk alerts through the notification queue', () => {
  it('rule: a confirmed order queues no desk alert at once: the desk hears only of orders that really wait', async () => {
    const { app } = running();
    const { id } = await paidSell('100.00');
    const told = await app.database.db
      .selectFrom('outbox')
      .select('kind')
      .where('member_id', 'is', null)
      .where('body', 'like', `%${id}%`)
      .execute();
    expect(told).toEqual([]);
  });

  it('rule: a large payout prepared for approval alerts the desk once, naming who prepared it', async () => {
    const { app, operator } = running();
    await app.services.settings.set({ type: 'system', id: null }, 'payoutApprovalThb', '17400.00');
    const { id, member } = await paidSell('500.00');
    expect(await alertsOf('desk.payoutAwaitingApproval', id)).toEqual([]);
    periodOf((await complete(operator.token, id, { payoutReference: 'TRF-BIG' })).body);
    const rows = await alertsOf('desk.payoutAwaitingApproval', id);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.body).toContain(operator.username);
    expect(rows[0]?.body).toContain('17400.00 THB');
    expect(rows[0]?.body).not.toContain(member.username);
    // A second complete is refused (awaiting approval) and queues nothing more.
    await complete(operator.token, id, { payoutReference: 'TRF-AGAIN' });
    expect(await alertsOf('desk.payoutAwaitingApproval', id)).toHaveLength(3);
  });

  it('rule: a payout below the approval threshold queues no approval alert', async () => {
    const { app, operator } = running();
    await app.services.settings.set({ type: 'system', id: null }, 'payoutApprovalThb', '17400.00');
    const { id } = await paidSell('100.00');
    periodOf((await complete(operator.token, id, { payoutReference: 'TRF-SMALL' })).body);
    expect(await alertsOf('desk.payoutAwaitingApproval', id)).toEqual([]);
  });
});

/** Moves an order's confirmation `minutes` into the past, as if it had waited that long. */
async function confirmedAgo(id: string, minutes: number) {
  await running()
    .app.database.db.updateTable('transactions')
    .set({ confirmed_at: new Date(Date.now() - minutes * 60_000) })
    .where('public_id', '=', id)
    .execute();
}

/**
 * A buy of a new member waiting for staff, paid by a cash appointment at `at` and booked
 * `bookedMinutesAgo` ago, made in SQL from a fresh order (the booking's own rules are the
 * lifecycle's tests).
 */
async function appointment(at: Date, bookedMinutesAgo: number) {
  const { app } = running();
  const t = await createTrader(app);
  const order = await created(t, buy(t));
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
      deadline_at: at,
      confirmed_at: new Date(Date.now() - bookedMinutesAgo * 60_000),
    })
    .where('public_id', '=', order.id)
    .execute();
  return order.id;
}

describe('desk alert for an order waiting too long (orderWaitAlertMinutes)', () => {
  // The worker's database holds orders of earlier files still waiting: they count as told, so each
  // sweep here sees this file's orders alone.
  beforeEach(async () => {
    await sql`insert into order_wait_alerts (transaction_id)
      select id from transactions where status = 'request' on conflict do nothing`.execute(
      running().app.database.db,
    );
  });

  it('rule: an order waiting for staff longer than the setting alerts the desk once per order, in both languages, without member data', async () => {
    const { app } = running();
    const { id, member } = await paidSell('100.00');
    await app.services.orders.alertLongWaits();
    expect(await alertsOf('desk.orderWaitingLong', id)).toEqual([]);

    await confirmedAgo(id, 11);
    expect(await app.services.orders.alertLongWaits()).toBeGreaterThanOrEqual(1);
    const rows = await alertsOf('desk.orderWaitingLong', id);
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['line', LINE_GROUP],
      ['email', 'desk@example.com'],
      ['email', 'lead@example.com'],
    ]);
    for (const row of rows) {
      expect(row.member_id).toBeNull();
      expect(row.subject).toContain('Order waiting over 10 min / รายการรอเกิน 10 นาที');
      expect(row.body).toContain(
        'An order has waited 11 minutes for staff (the alert is set at 10 minutes).',
      );
      expect(row.body).toContain('มีรายการรอเจ้าหน้าที่มาแล้ว 11 นาที');
      expect(row.body).toContain('3480.00 THB');
      expect(row.body).not.toContain(member.username);
    }

    // Later sweeps, the order still waiting, tell nobody again.
    await confirmedAgo(id, 45);
    await app.services.orders.alertLongWaits();
    expect(await alertsOf('desk.orderWaitingLong', id)).toHaveLength(3);
  });

  it('rule: the web setting decides how long an order may wait before the alert', async () => {
    const { app } = running();
    const system = { type: 'system' as const, id: null };
    await app.services.settings.set(system, 'orderWaitAlertMinutes', 30);
    const { id } = await paidSell('100.00');
    await confirmedAgo(id, 20);
    await app.services.orders.alertLongWaits();
    expect(await alertsOf('desk.orderWaitingLong', id)).toEqual([]);
    await app.services.settings.set(system, 'orderWaitAlertMinutes', 15);
    await app.services.orders.alertLongWaits();
    expect(await alertsOf('desk.orderWaitingLong', id)).toHaveLength(3);
  });

  it('rule: sweeps running at once (several processes) alert an order once', async () => {
    const { app } = running();
    const orders = await Promise.all([paidSell('100.00'), paidSell('120.00')]);
    for (const { id } of orders) await confirmedAgo(id, 12);
    // On PostgreSQL each sweep has its own pooled connection: they race as two processes would.
    await Promise.all(Array.from({ length: 4 }, () => app.services.orders.alertLongWaits()));
    for (const { id } of orders) expect(await alertsOf('desk.orderWaitingLong', id)).toHaveLength(3);
    const claims = await app.database.db
      .selectFrom('order_wait_alerts')
      .innerJoin('transactions', 'transactions.id', 'order_wait_alerts.transaction_id')
      .select('transactions.public_id')
      .where(
        'transactions.public_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(claims).toHaveLength(2);
  });

  it('rule: an order no longer waiting for staff, or whose payout waits for approval, gets no wait alert', async () => {
    const { app, operator } = running();
    await app.services.settings.set({ type: 'system', id: null }, 'payoutApprovalThb', '17400.00');
    const done = await paidSell('100.00');
    periodOf((await complete(operator.token, done.id, { payoutReference: 'TRF-DONE' })).body);
    const prepared = await paidSell('500.00');
    periodOf((await complete(operator.token, prepared.id, { payoutReference: 'TRF-PREP' })).body);
    await confirmedAgo(done.id, 30);
    await confirmedAgo(prepared.id, 30);
    await app.services.orders.alertLongWaits();
    expect(await alertsOf('desk.orderWaitingLong', done.id)).toEqual([]);
    expect(await alertsOf('desk.orderWaitingLong', prepared.id)).toEqual([]);
  });

  it('rule: a cash appointment waits from its appointment time, not from its booking', async () => {
    const { app } = running();
    // Booked an hour ago for tomorrow: nobody waits for it yet.
    const id = await appointment(new Date(Date.now() + 24 * 60 * 60_000), 60);
    expect(await app.services.orders.alertLongWaits()).toBe(0);
    expect(await alertsOf('desk.orderWaitingLong', id)).toEqual([]);
    // Its time came 5 minutes ago: still within the 10 minutes.
    await app.database.db
      .updateTable('transactions')
      .set({ appointment_at: new Date(Date.now() - 5 * 60_000) })
      .where('public_id', '=', id)
      .execute();
    expect(await app.services.orders.alertLongWaits()).toBe(0);
    // 12 minutes past its time, the member has waited for staff: told once, counted from the appointment.
    await app.database.db
      .updateTable('transactions')
      .set({ appointment_at: new Date(Date.now() - 12 * 60_000) })
      .where('public_id', '=', id)
      .execute();
    expect(await app.services.orders.alertLongWaits()).toBe(1);
    const rows = await alertsOf('desk.orderWaitingLong', id);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.body).toContain('An order has waited 12 minutes for staff');
  });

  it('rule: up to 5 orders past the setting in one sweep are told one by one; more make one digest naming the count and the oldest', async () => {
    const { app } = running();
    const few = [];
    for (let i = 0; i < DIGEST_OVER; i++) few.push(await paidSell('100.00'));
    for (const { id } of few) await confirmedAgo(id, 11);
    expect(await app.services.orders.alertLongWaits()).toBe(DIGEST_OVER);
    for (const { id } of few) expect(await alertsOf('desk.orderWaitingLong', id)).toHaveLength(3);

    const orders = [];
    for (let i = 0; i < DIGEST_OVER + 1; i++) orders.push(await paidSell('100.00'));
    for (const [i, { id }] of orders.entries()) await confirmedAgo(id, 11 + i);
    const oldest = orders.at(-1)?.id ?? '';
    expect(await app.services.orders.alertLongWaits()).toBe(DIGEST_OVER + 1);
    for (const { id } of orders) expect(await alertsOf('desk.orderWaitingLong', id)).toEqual([]);
    const digests = await running()
      .app.database.db.selectFrom('outbox')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('kind', '=', 'desk.ordersWaitingLong')
      .where('body', 'like', `%${oldest}%`)
      .orderBy('recipient')
      .execute();
    expect(digests.map((r) => [r.channel, r.recipient])).toEqual([
      ['line', LINE_GROUP],
      ['email', 'desk@example.com'],
      ['email', 'lead@example.com'],
    ]);
    for (const row of digests) {
      expect(row.subject).toBe('6 orders waiting over 10 min / 6 รายการรอเกิน 10 นาที');
      expect(row.body).toContain(
        '6 orders have waited for staff longer than 10 minutes; the oldest has waited 16 minutes.',
      );
      expect(row.body).toContain('มี 6 รายการรอเจ้าหน้าที่นานเกิน 10 นาที');
      expect(row.body).toContain(`Oldest / รายการที่รอนานที่สุด: ${oldest}`);
    }
    // Every one of them counts as told: later sweeps say nothing more.
    expect(await app.services.orders.alertLongWaits()).toBe(0);
  });
});

describe('desk alerts delivered', () => {
  it("rule: the worker pushes a desk alert to the LINE group, which is no member's linked account", async () => {
    const { app } = running();
    await sql`insert into order_wait_alerts (transaction_id)
      select id from transactions where status = 'request' on conflict do nothing`.execute(app.database.db);
    const { id } = await paidSell('100.00');
    await confirmedAgo(id, 11);
    expect(await app.services.orders.alertLongWaits()).toBe(1);
    await app.notifications.drain();
    const [row] = (await alertsOf('desk.orderWaitingLong', id)).filter((r) => r.channel === 'line');
    expect(fakeLine.pushes.filter((p) => p.to === LINE_GROUP && p.text === row?.body)).toHaveLength(1);
    const states = await app.database.db
      .selectFrom('outbox')
      .select(['channel', 'state', 'last_error'])
      .where('kind', '=', 'desk.orderWaitingLong')
      .where('subject', 'like', `%${id}`)
      .orderBy('channel')
      .execute();
    expect(states).toEqual([
      { channel: 'email', state: 'sent', last_error: null },
      { channel: 'email', state: 'sent', last_error: null },
      { channel: 'line', state: 'sent', last_error: null },
    ]);
  });
});
