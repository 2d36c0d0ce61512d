import { bangkokDate, type Dashboard, Decimal, E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestStaff } from '../../../test/members.ts';
import { buy, DEPOSIT_CHECKED, orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/** The staff's order reports (CSV) and the dashboard's order figures. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;

const { created, confirm, deposit, complete } = orderTestFile((t) => {
  ({ app, operator, admin } = t);
});

describe('reports and the dashboard', () => {
  const csv = (token: string, query: string, lang = 'en') =>
    app.inject({
      method: 'GET',
      url: `/api/admin/reports/orders.csv?${query}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    });

  it('rule: the orders report is CSV in UTF-8 with a BOM, one line per order of the Bangkok days, with the member, in words and Bangkok time', async () => {
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
    expect(lines[0]).toContain('"Order","Created at","Type","Status"');
    const line = lines.find((l) => l.startsWith(`"${order.id}"`)) ?? '';
    expect(line).toContain('"Sell USDT","Completed"');
    expect(line).toContain('"USDT transfer"');
    expect(line).not.toContain('"success"');
    expect(line).toMatch(/"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00"/);
    expect(line).toContain(`"${t.username}","Somchai Jaidee"`);
    expect(line).toContain('"TRF-REPORT"');
    const thai = (await csv(admin.token, `from=${today}&to=${today}`, 'th')).body.slice(1).split('\r\n');
    expect(thai[0]).toContain('"เลขที่รายการ","เวลาที่สร้าง","ประเภท","สถานะ"');
    expect(thai.find((l) => l.startsWith(`"${order.id}"`))).toContain('"ขาย USDT","สำเร็จ"');
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
      'Bangkok day',
      'Type',
      'Orders',
      'Completed',
      'Completed (THB)',
      'Completed (USDT)',
      'Completed fees',
    ]);
    const sells = rows.find((r) => r[0] === today && r[1] === 'Sell USDT');
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
    periodOf((await complete(operator.token, order.id, DEPOSIT_CHECKED)).body);
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
