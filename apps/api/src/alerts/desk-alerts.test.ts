import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';
import { createStaff, type TestStaff } from '../../test/members.ts';
import { orderCalls, sell, slipImage, transfer } from '../../test/orders.ts';
import { periodOf } from '../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../test/traders.ts';

/** The desk alert channel (decision 0080): each trigger queues one row per desk recipient. */

const LINE_GROUP = `C${'0123456789abcdef'.repeat(2)}`;
const ENV = { DESK_ALERT_EMAILS: 'desk@example.com, lead@example.com', DESK_ALERT_LINE_GROUP: LINE_GROUP };

let current: { app: FastifyInstance; operator: TestStaff; slip: string } | undefined;
const running = () => {
  if (!current) throw new Error('the app starts before the tests');
  return current;
};
const { created, confirm, complete } = orderCalls(running);

beforeAll(async () => {
  const { app } = await testApp(ENV);
  current = { app, operator: await createStaff(app, 'operator'), slip: await slipImage('slip-1') };
});
afterAll(() => current?.app.close());
beforeEach(() => deskReady(running().app));

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
  it('rule: a confirmed order waiting for staff queues one alert per desk address and the LINE group, in both languages, without member data', async () => {
    const { id, member } = await paidSell('100.00');
    const rows = await alertsOf('desk.orderWaiting', id);
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['line', LINE_GROUP],
      ['email', 'desk@example.com'],
      ['email', 'lead@example.com'],
    ]);
    for (const row of rows) {
      expect(row.member_id).toBeNull();
      expect(row.body).toContain(id);
      expect(row.body).toContain('3480.00 THB');
      expect(row.body).toContain('An order waits for staff');
      expect(row.body).toContain('มีรายการรอเจ้าหน้าที่');
      expect(row.body).not.toContain(member.username);
    }
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
