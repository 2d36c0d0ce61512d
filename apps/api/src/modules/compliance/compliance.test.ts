import {
  type AmloEntry,
  bangkokDate,
  type DailyClose,
  E,
  KYC_IMAGE_SLOTS,
  type KycSubmissionSummary,
  type StaffOrder,
  settingDefaults,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkok, pastOrder } from '../../../test/compliance.ts';
import { testApp } from '../../../test/harness.ts';
import { createStaff, post, type TestStaff } from '../../../test/members.ts';
import { buy, DEPOSIT_CHECKED, orderCalls, slipImage } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../../test/traders.ts';

/** The AMLO report queue, the daily close, and the CSV exports in both languages. */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let viewer: TestStaff;
let slip: string;

beforeAll(async () => {
  ({ app } = await testApp());
  [operator, admin, viewer] = await Promise.all([
    createStaff(app, 'operator'),
    createStaff(app, 'admin'),
    createStaff(app, 'viewer'),
  ]);
  slip = await slipImage('compliance-slip');
});
afterAll(() => app.close());

const orders = orderCalls(() => ({ app, operator, slip }));

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

describe("the AMLO report carries the member's identity document, read back from the real flow", () => {
  const system = { type: 'system' as const, id: null };

  /** Four different photos, as the member app sends them. */
  async function photos() {
    const images: Record<string, string> = {};
    for (const [i, slot] of KYC_IMAGE_SLOTS.entries()) {
      images[slot] = (
        await sharp({
          create: { width: 320, height: 200, channels: 3, background: { r: 30 * i, g: 80, b: 120 } },
        })
          .jpeg()
          .toBuffer()
      ).toString('base64');
    }
    return images;
  }

  /**
   * A member who sends `document` at identity upload, verified by an operator, then pays
   * 2,000,000 THB in cash by deposit, completed by staff: one AMLO entry of today.
   */
  async function reported(document: Record<string, string>): Promise<{ entry?: AmloEntry; csv: string[][] }> {
    const t = await createTrader(app, { identity: 'none' });
    expect(
      (
        await post(
          app,
          '/api/external/user/uploadKyc',
          { ...(await photos()), ...document },
          { token: t.token },
        )
      ).body.code,
    ).toBe(0);
    const { items } = periodOf(
      (
        await staffCall<{ items: KycSubmissionSummary[] }>(
          app,
          operator.token,
          'GET',
          '/api/admin/kyc?pageSize=100',
        )
      ).body,
    );
    const submission = items.find((i) => i.memberId === t.id);
    const decided = await staffCall(
      app,
      operator.token,
      'POST',
      `/api/admin/kyc/${submission?.id}/decision`,
      {
        decision: 'verified',
      },
    );
    expect(decided.body.code).toBe(0);
    const order = await orders.created(t, buy(t, '2000000.00'));
    expect((await orders.confirm(t, orders.deposit(order.id, '2000000.00'))).body.code).toBe(0);
    const done = periodOf((await orders.complete(operator.token, order.id, DEPOSIT_CHECKED)).body);
    if (done.order.status !== 'success') {
      // At or over the payout approval threshold: a second staff member approves.
      const approved = await staffCall<StaffOrder>(
        app,
        admin.token,
        'POST',
        `/api/admin/orders/${order.id}/approve`,
        {},
      );
      expect(periodOf(approved.body).order.status).toBe('success');
    }
    const today = bangkokDate(new Date());
    const entry = (await queue(today)).find((e) => e.member.id === t.id);
    const url = `/api/admin/reports/amlo.csv?from=${today}&to=${today}`;
    const rows = cells((await csv(url, 'en')).body);
    return { entry, csv: [rows[0] ?? [], ...rows.filter((r) => r.includes(order.id))] };
  }

  beforeAll(async () => {
    await deskReady(app);
    // 2,000,000 THB may be paid by cash deposit at this desk.
    await app.services.settings.set(system, 'cashDepositCeilingThb', '3000000.00');
  });
  afterAll(() =>
    app.services.settings.set(system, 'cashDepositCeilingThb', settingDefaults.cashDepositCeilingThb),
  );

  it("rule: a member verified with a Thai ID card is reported with the card's 13 digits, in the API and the CSV", async () => {
    const { entry, csv: rows } = await reported({
      documentType: 'thaiIdCard',
      idCardNumber: '1-1037-00012-34-6',
    });
    expect(entry?.member).toMatchObject({ documentType: 'thaiIdCard', documentNumber: '1103700012346' });
    const [head, row] = rows;
    const column = (name: string) => row?.[head?.indexOf(name) ?? -1];
    expect(column('Document')).toBe('Thai ID card');
    expect(column('Document number')).toBe('1103700012346');
  });

  it("rule: a member verified with a passport is reported with the passport's number, in the API and the CSV", async () => {
    const { entry, csv: rows } = await reported({ documentType: 'passport', passportNumber: 'aa 1234567' });
    expect(entry?.member).toMatchObject({ documentType: 'passport', documentNumber: 'AA1234567' });
    const [head, row] = rows;
    const column = (name: string) => row?.[head?.indexOf(name) ?? -1];
    expect(column('Document')).toBe('Passport');
    expect(column('Document number')).toBe('AA1234567');
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

  it('rule: a close for a channel the day does not have is refused with 40032, a bad amount with 40051; a viewer cannot close', async () => {
    for (const [body, refused] of [
      [{ day: '2025-03-09', channel: 'network:NOPE', statementTotal: '1' }, E.CLOSE_INVALID],
      [{ day: '2025-03-09', channel: 'bank:KBANK:9999999999', statementTotal: '1' }, E.CLOSE_INVALID],
      [{ day: '2025-03-09', channel: 'cash', statementTotal: '1e5' }, E.CLOSE_AMOUNT_INVALID],
      [{ day: '2025-03-09', channel: 'cash', statementTotal: '-0.001' }, E.CLOSE_AMOUNT_INVALID],
    ] as const) {
      expect((await close(operator.token, body)).body.code, JSON.stringify(body)).toBe(refused.code);
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
      'Orders now',
      'Expected total now',
    ]);
    // A negative amount is a plain signed decimal: a number a spreadsheet adds, not defused text.
    expect(row?.slice(0, 6)).toEqual([day, 'Cash at the desk (THB)', '0', '0.00', '-5.50', '-5.50']);
    expect(row?.[7]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(row?.slice(8)).toEqual(['0', '0.00']);
    const [thHead, thRow] = cells((await csv(url, 'th')).body);
    expect(thHead?.[1]).toBe('ช่องทาง');
    expect(thRow?.[1]).toBe('เงินสดที่เคาน์เตอร์ (บาท)');
  });

  it('rule: only an ended Bangkok day closes: today and later are refused with 40050; yesterday closes, and an order recorded after the close shows beside its figures', async () => {
    const t = await createTrader(app);
    const now = new Date();
    const today = bangkokDate(now);
    const yesterday = bangkokDate(new Date(now.getTime() - 86_400_000));
    // An account of this test alone, so no other test's orders share its channel.
    const account = { bankCode: 'GSB', accountNumber: String(Date.now()).padStart(12, '0').slice(-12) };
    const channel = `bank:${account.bankCode}:${account.accountNumber}`;
    await pastOrder(app, {
      memberId: t.id,
      amountThb: '1000.00',
      deskAccount: account,
      depositAt: bangkok(`${yesterday}T09:00`),
      completedAt: bangkok(`${yesterday}T09:30`),
    });
    for (const day of [today, '2999-01-01']) {
      const refused = await close(operator.token, { day, channel: 'cash', statementTotal: '0' });
      expect(refused.body.code, day).toBe(E.CLOSE_DAY_NOT_ENDED.code);
    }
    expect((await read(today)).ended).toBe(false);
    const closed = periodOf(
      (await close(operator.token, { day: yesterday, channel, statementTotal: '1000.00' })).body,
    );
    expect(closed.ended).toBe(true);
    expect(closed.channels.find((c) => c.channel === channel)).toMatchObject({
      expected: '1000.00',
      close: { statementTotal: '1000.00', difference: '0.00', expected: '1000.00', orders: 1 },
    });

    // Deposited yesterday, completed by staff after the close: yesterday's money, recorded late.
    await pastOrder(app, {
      memberId: t.id,
      amountThb: '2500.00',
      deskAccount: account,
      depositAt: bangkok(`${yesterday}T23:00`),
      completedAt: new Date(),
    });
    const after = (await read(yesterday)).channels.find((c) => c.channel === channel);
    expect(after).toMatchObject({
      totalIn: '3500.00',
      expected: '3500.00',
      close: { statementTotal: '1000.00', difference: '0.00', expected: '1000.00', orders: 1 },
    });
    expect(after?.orders).toHaveLength(2);
    const [head, ...rows] = cells(
      (await csv(`/api/admin/reports/closes.csv?from=${yesterday}&to=${yesterday}`, 'en')).body,
    );
    const row = rows.find((r) => r[1]?.startsWith('Government Savings Bank')) ?? [];
    expect(Object.fromEntries(head?.map((h, i) => [h, row[i]]) ?? [])).toMatchObject({
      Orders: '1',
      'Expected total': '1000.00',
      Difference: '0.00',
      'Orders now': '2',
      'Expected total now': '3500.00',
    });
    expect((await close(admin.token, { day: yesterday, channel, statementTotal: '3500.00' })).body.code).toBe(
      E.CLOSE_ALREADY_DONE.code,
    );
  });

  it('rule: the close counts each desk account and each network apart, deposits at their deposit time and payouts at completion, across a Bangkok midnight', async () => {
    const t = await createTrader(app);
    const kbank = { bankCode: 'KBANK', accountNumber: '5550001111' };
    const scb = { bankCode: 'SCB', accountNumber: '5550002222' };
    // Deposited before midnight into KBANK, its USDT sent after midnight.
    const late = await pastOrder(app, {
      memberId: t.id,
      amountThb: '10000.00',
      amountUsdt: '280.00',
      deskAccount: kbank,
      depositAt: bangkok('2025-05-10T23:50'),
      completedAt: bangkok('2025-05-11T00:10'),
    });
    const noon = await pastOrder(app, {
      memberId: t.id,
      amountThb: '5000.50',
      amountUsdt: '140.00',
      network: 'BEP20',
      deskAccount: scb,
      depositAt: bangkok('2025-05-10T10:00'),
      completedAt: bangkok('2025-05-10T10:30'),
    });
    // Deposited into KBANK the day before, its USDT sent this morning.
    const early = await pastOrder(app, {
      memberId: t.id,
      amountThb: '7000.00',
      amountUsdt: '196.00',
      deskAccount: kbank,
      depositAt: bangkok('2025-05-09T23:59'),
      completedAt: bangkok('2025-05-10T09:00'),
    });
    // A sell whose USDT came in before midnight, paid out after it.
    const sold = await pastOrder(app, {
      memberId: t.id,
      type: 'sell',
      method: 'usdt_transfer',
      network: 'BEP20',
      amountThb: '3000.25',
      amountUsdt: '90.00',
      confirmedAt: bangkok('2025-05-09T23:55'),
      completedAt: bangkok('2025-05-10T00:05'),
    });
    // Placed before the desk kept the account: its deposit is in the bank channel.
    const unrecorded = await pastOrder(app, {
      memberId: t.id,
      amountThb: '1200.00',
      depositAt: bangkok('2025-05-10T12:00'),
      completedAt: bangkok('2025-05-10T12:30'),
    });
    const channels = async (day: string) =>
      Object.fromEntries((await read(day)).channels.map((c) => [c.channel, c]));

    const day = await channels('2025-05-10');
    expect(day['bank:KBANK:5550001111']).toMatchObject({
      totalIn: '10000.00',
      totalOut: '0.00',
      expected: '10000.00',
    });
    expect(day['bank:KBANK:5550001111']?.orders).toEqual([
      {
        id: late,
        type: 'buy',
        direction: 'in',
        amount: '10000.00',
        at: bangkok('2025-05-10T23:50').toISOString(),
      },
    ]);
    expect(day['bank:SCB:5550002222']).toMatchObject({ totalIn: '5000.50', expected: '5000.50' });
    expect(day['bank:SCB:5550002222']?.orders.map((o) => o.id)).toEqual([noon]);
    expect(day.bank).toMatchObject({ totalIn: '1200.00', totalOut: '3000.25', expected: '-1800.25' });
    expect(day.bank?.orders.map((o) => o.id)).toEqual([sold, unrecorded]);
    expect(day['network:TETHER']).toMatchObject({ totalIn: '0.00', totalOut: '296.00', expected: '-296.00' });
    expect(day['network:TETHER']?.orders.map((o) => o.id)).toEqual([early, unrecorded]);
    expect(day['network:BEP20']).toMatchObject({ totalIn: '0.00', totalOut: '140.00', expected: '-140.00' });

    const before = await channels('2025-05-09');
    expect(before['bank:KBANK:5550001111']).toMatchObject({ totalIn: '7000.00' });
    expect(before['network:BEP20']).toMatchObject({ totalIn: '90.00', totalOut: '0.00' });
    const next = await channels('2025-05-11');
    expect(next['network:TETHER']).toMatchObject({ totalOut: '280.00' });
    expect(next['bank:KBANK:5550001111']?.totalIn ?? '0.00').toBe('0.00');

    // Each account closes apart, named by its bank and number in the CSV.
    periodOf(
      (
        await close(operator.token, {
          day: '2025-05-10',
          channel: 'bank:SCB:5550002222',
          statementTotal: '5000.50',
        })
      ).body,
    );
    const [, ...rows] = cells(
      (await csv('/api/admin/reports/closes.csv?from=2025-05-10&to=2025-05-10', 'en')).body,
    );
    expect(rows.map((r) => r[1])).toContain('Siam Commercial Bank 555-0-00222-2: deposits (THB)');
    const [, ...thRows] = cells(
      (await csv('/api/admin/reports/closes.csv?from=2025-05-10&to=2025-05-10', 'th')).body,
    );
    expect(thRows.map((r) => r[1])).toContain('ธนาคารไทยพาณิชย์ 555-0-00222-2: เงินฝาก (บาท)');
  });

  it('rule: a figure stored with more than 2 decimals reads rounded half to even, never -0.00, the same on screen and in the CSV', async () => {
    // Closes recorded before statement totals were held to 2 decimals.
    const closedBy = (
      await app.database.db
        .selectFrom('staff')
        .select('id')
        .where('username', '=', admin.username)
        .executeTakeFirstOrThrow()
    ).id;
    await app.database.db
      .insertInto('daily_closes')
      .values([
        {
          day: '2025-05-20',
          channel: 'cash',
          orders: 0,
          expected: '0',
          statement_total: '-0.001',
          difference: '-0.001',
          closed_by: closedBy,
        },
        {
          day: '2025-05-20',
          channel: 'bank',
          orders: 0,
          expected: '0',
          statement_total: '2.125',
          difference: '2.135',
          closed_by: closedBy,
        },
      ])
      .execute();
    const channels = Object.fromEntries((await read('2025-05-20')).channels.map((c) => [c.channel, c]));
    expect(channels.cash?.close).toMatchObject({ statementTotal: '0.00', difference: '0.00' });
    expect(channels.bank?.close).toMatchObject({ statementTotal: '2.12', difference: '2.14' });
    const [, ...rows] = cells(
      (await csv('/api/admin/reports/closes.csv?from=2025-05-20&to=2025-05-20', 'en')).body,
    );
    const byChannel = Object.fromEntries(rows.map((r) => [r[1], r.slice(3, 6)]));
    expect(byChannel['Cash at the desk (THB)']).toEqual(['0.00', '0.00', '0.00']);
    expect(Object.values(byChannel)).toContainEqual(['0.00', '2.12', '2.14']);
  });
});
