import { type AmloEntry, type DailyClose, E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkok, pastOrder } from '../../../test/compliance.ts';
import { testApp } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/** The AMLO report queue, the daily close, and the CSV exports in both languages. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp());
  [operator, admin, viewer] = await Promise.all([
    createStaff(app, 'operator'),
    createStaff(app, 'admin'),
    createStaff(app, 'viewer'),
  ]);
});
afterAll(() => app.close());

const queue = async (day: string, state = 'all') =>
  periodOf(
    (
      await staffCall<{ items: AmloEntry[] }>(
        app,
        operator.token,
        'GET',
        `/api/admin/compliance/amlo?from=${day}&to=${day}&state=${state}`,
      )
    ).body,
  ).items;
const file = (token: string, key: string, reference: string) =>
  staffCall<AmloEntry>(app, token, 'POST', '/api/admin/compliance/amlo/file', { key, reference });
const csv = (url: string, lang: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang },
  });
const cells = (body: string) =>
  body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.slice(1, -1).split('","'));

describe('the AMLO report queue', () => {
  it('rule: only completed cash orders of 2,000,000 THB or more are entries, with the member, method, location and time', async () => {
    const t = await createTrader(app);
    const at = bangkok('2025-03-03T10:15');
    const big = await pastOrder(app, {
      memberId: t.id,
      amountThb: '2000000.00',
      method: 'cash_appointment',
      completedAt: at,
      location: { en: 'Silom desk', th: 'สาขาสีลม' },
    });
    const small = await pastOrder(app, { memberId: t.id, amountThb: '1999999.99', completedAt: at });
    const other = await createTrader(app);
    const sellOrder = await pastOrder(app, {
      memberId: other.id,
      type: 'sell',
      method: 'usdt_transfer',
      amountThb: '2500000.00',
      completedAt: at,
    });
    const rejected = await pastOrder(app, {
      memberId: other.id,
      status: 'reject',
      amountThb: '3000000.00',
      completedAt: at,
    });
    const items = await queue('2025-03-03');
    const ids = items.flatMap((e) => e.orders.map((o) => o.id));
    expect(ids).not.toContain(sellOrder);
    expect(ids).not.toContain(rejected);
    const entry = items.find((e) => e.key === `order:${big}`);
    expect(entry).toMatchObject({
      kind: 'cash',
      day: '2025-03-03',
      totalThb: '2000000.00',
      member: { id: t.id, username: t.username, name: 'Somchai Jaidee', phone: t.phone },
      orders: [
        {
          id: big,
          method: 'cash_appointment',
          completedAt: at.toISOString(),
          location: { en: 'Silom desk', th: 'สาขาสีลม' },
        },
      ],
      filing: null,
    });
    // The smaller order alone stays under the threshold: no split entry for 1,999,999.99.
    expect(items.some((e) => e.kind === 'split' && e.member.id === t.id)).toBe(false);
    expect(ids).not.toContain(small);
  });

  it("rule: a member's cash orders that together reach the threshold within one Bangkok day are one entry, not across midnight", async () => {
    const t = await createTrader(app);
    const evening = await pastOrder(app, {
      memberId: t.id,
      amountThb: '1000000.00',
      completedAt: bangkok('2025-03-04T09:00'),
    });
    const late = await pastOrder(app, {
      memberId: t.id,
      amountThb: '1000000.00',
      completedAt: bangkok('2025-03-04T23:50'),
    });
    // 00:10 in Bangkok is the next day, though still 2025-03-04 in UTC.
    const after = await pastOrder(app, {
      memberId: t.id,
      amountThb: '1500000.00',
      completedAt: bangkok('2025-03-05T00:10'),
    });
    const [entry] = (await queue('2025-03-04')).filter((e) => e.member.id === t.id);
    expect(entry).toMatchObject({ key: `day:${t.id}:2025-03-04`, kind: 'split', totalThb: '2000000.00' });
    expect(entry?.orders.map((o) => o.id)).toEqual([evening, late]);
    expect((await queue('2025-03-05')).filter((e) => e.member.id === t.id)).toEqual([]);
    expect((await queue('2025-03-04')).flatMap((e) => e.orders.map((o) => o.id))).not.toContain(after);
  });

  it('rule: an entry is marked filed once: of two racing marks one wins, refiling is refused, and it is audited', async () => {
    const t = await createTrader(app);
    const id = await pastOrder(app, {
      memberId: t.id,
      amountThb: '2500000.00',
      completedAt: bangkok('2025-03-06T11:00'),
    });
    const key = `order:${id}`;
    const results = await Promise.all([
      file(operator.token, key, 'AMLO-1'),
      file(admin.token, key, 'AMLO-2'),
    ]);
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([0, E.AMLO_ALREADY_FILED.code]);
    const winner = results.find((r) => r.body.code === 0) ?? results[0];
    const filed = periodOf(winner.body);
    expect(filed.filing?.reference).toMatch(/^AMLO-[12]$/);
    expect((await file(admin.token, key, 'AMLO-3')).body.code).toBe(E.AMLO_ALREADY_FILED.code);
    expect((await queue('2025-03-06', 'open')).some((e) => e.key === key)).toBe(false);
    expect((await queue('2025-03-06', 'filed')).find((e) => e.key === key)?.filing?.reference).toBe(
      filed.filing?.reference,
    );
    const rows = await auditRows(app, 'compliance.amlo_filed', `amlo:${key}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ reference: filed.filing?.reference, orders: [id] });
  });

  it('rule: a key not in the queue answers 40030, and a viewer cannot read or file', async () => {
    const t = await createTrader(app);
    const small = await pastOrder(app, {
      memberId: t.id,
      amountThb: '100.00',
      completedAt: bangkok('2025-03-07T11:00'),
    });
    for (const key of [`order:${small}`, 'order:B251101AAAAA', `day:${t.id}:2025-03-07`, 'nonsense']) {
      expect((await file(operator.token, key, 'REF')).body.code, key).toBe(E.AMLO_ENTRY_NOT_FOUND.code);
    }
    expect((await file(viewer.token, `order:${small}`, 'REF')).status).toBe(403);
    const read = await staffCall(
      app,
      viewer.token,
      'GET',
      '/api/admin/compliance/amlo?from=2025-03-07&to=2025-03-07',
    );
    expect(read.status).toBe(403);
  });

  it('rule: the AMLO CSV has Thai or English headings, Bangkok times with +07:00, words not codes, formulas defused', async () => {
    const t = await createTrader(app);
    await app.database.db.updateTable('members').set({ first_name: '=cmd' }).where('id', '=', t.id).execute();
    const id = await pastOrder(app, {
      memberId: t.id,
      amountThb: '2100000.00',
      completedAt: bangkok('2025-03-08T09:05'),
    });
    const url = '/api/admin/reports/amlo.csv?from=2025-03-08&to=2025-03-08';
    const en = await csv(url, 'en');
    expect(en.headers['content-type']).toMatch(/^text\/csv/);
    const [enHead, ...enRows] = cells(en.body);
    expect(enHead?.slice(0, 3)).toEqual(['Entry', 'Kind', 'Bangkok day']);
    const line = enRows.find((r) => r.includes(id)) ?? [];
    expect(line).toContain('2025-03-08T09:05:00+07:00');
    expect(line).toContain('Buy USDT');
    expect(line).toContain('Cash deposit (bank slip)');
    expect(line).not.toContain('cash_deposit');
    expect(line).toContain("'=cmd Jaidee");
    const [thHead, ...thRows] = cells((await csv(url, 'th')).body);
    expect(thHead?.[0]).toBe('รายการรายงาน');
    const thLine = thRows.find((r) => r.includes(id)) ?? [];
    expect(thLine).toContain('ซื้อ USDT');
    expect(thLine).toContain('ฝากเงินสด (สลิปธนาคาร)');
    expect(thLine).toContain('2025-03-08T09:05:00+07:00');
  });
});

describe('the daily close', () => {
  const read = async (day: string) =>
    periodOf(
      (await staffCall<DailyClose>(app, viewer.token, 'GET', `/api/admin/compliance/closes?day=${day}`)).body,
    );
  const close = (token: string, body: object) =>
    staffCall<DailyClose>(app, token, 'POST', '/api/admin/compliance/closes', body);

  it('rule: a day totals the completed orders per bank, cash and network; the close keeps the difference, once, audited', async () => {
    const t = await createTrader(app);
    const day = '2025-03-09';
    await pastOrder(app, {
      memberId: t.id,
      amountThb: '10000.00',
      amountUsdt: '280.00',
      completedAt: bangkok(`${day}T10:00`),
    });
    await pastOrder(app, {
      memberId: t.id,
      amountThb: '5000.50',
      amountUsdt: '140.00',
      method: 'cash_appointment',
      network: 'BEP20',
      completedAt: bangkok(`${day}T11:00`),
    });
    await pastOrder(app, {
      memberId: t.id,
      type: 'sell',
      method: 'usdt_transfer',
      amountThb: '3000.25',
      amountUsdt: '90.00',
      completedAt: bangkok(`${day}T23:59`),
    });
    // Completed the next Bangkok day: not in this close.
    await pastOrder(app, { memberId: t.id, amountThb: '777.00', completedAt: bangkok('2025-03-10T00:01') });
    await pastOrder(app, {
      memberId: t.id,
      status: 'reject',
      amountThb: '999.00',
      completedAt: bangkok(`${day}T12:00`),
    });
    const channels = Object.fromEntries((await read(day)).channels.map((c) => [c.channel, c]));
    expect(channels.bank).toMatchObject({
      totalIn: '10000.00',
      totalOut: '3000.25',
      expected: '6999.75',
      close: null,
    });
    expect(channels.bank?.orders).toHaveLength(2);
    expect(channels.cash).toMatchObject({ totalIn: '5000.50', expected: '5000.50' });
    expect(channels['network:TETHER']).toMatchObject({
      totalIn: '90.00',
      totalOut: '280.00',
      expected: '-190.00',
    });
    expect(channels['network:BEP20']).toMatchObject({ totalOut: '140.00', expected: '-140.00' });

    const both = await Promise.all([
      close(operator.token, { day, channel: 'bank', statementTotal: '6990.75' }),
      close(admin.token, { day, channel: 'bank', statementTotal: '6999.75' }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, E.CLOSE_ALREADY_DONE.code]);
    const bank = (await read(day)).channels.find((c) => c.channel === 'bank');
    const statement = bank?.close?.statementTotal;
    expect(bank?.close?.difference).toBe(statement === '6990.75' ? '-9.00' : '0.00');
    const rows = await auditRows(app, 'compliance.day_closed', `close:${day}:bank`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ expected: '6999.75', statementTotal: statement });
  });

  it('rule: a close for a day after today, an unknown channel or a bad amount is refused with 40032; a viewer cannot close', async () => {
    for (const body of [
      { day: '2999-01-01', channel: 'bank', statementTotal: '1' },
      { day: '2025-03-09', channel: 'network:NOPE', statementTotal: '1' },
      { day: '2025-03-09', channel: 'cash', statementTotal: '1e5' },
    ]) {
      expect((await close(operator.token, body)).body.code, JSON.stringify(body)).toBe(E.CLOSE_INVALID.code);
    }
    expect(
      (await close(viewer.token, { day: '2025-03-09', channel: 'cash', statementTotal: '1' })).status,
    ).toBe(403);
  });

  it('rule: the closes CSV names channels in words in both languages with Bangkok times', async () => {
    const day = '2025-03-11';
    periodOf((await close(admin.token, { day, channel: 'cash', statementTotal: '-5.5' })).body);
    const url = `/api/admin/reports/closes.csv?from=${day}&to=${day}`;
    const [head, row] = cells((await csv(url, 'en')).body);
    expect(head).toEqual([
      'Bangkok day',
      'Channel',
      'Orders',
      'Expected total',
      'Statement total',
      'Difference',
      'Closed by',
      'Closed at',
    ]);
    // A negative amount starts with '-', so the CSV defusing shows it as text, as any such cell.
    expect(row?.slice(0, 6)).toEqual([day, 'Cash at the desk (THB)', '0', '0.00', "'-5.50", "'-5.50"]);
    expect(row?.[7]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    const [thHead, thRow] = cells((await csv(url, 'th')).body);
    expect(thHead?.[1]).toBe('ช่องทาง');
    expect(thRow?.[1]).toBe('เงินสดที่เคาน์เตอร์ (บาท)');
  });
});
