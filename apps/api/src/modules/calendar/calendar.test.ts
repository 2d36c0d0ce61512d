import { type ClosedDay, E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { buy, orderTestFile } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';
import { libraryBankHolidays } from './library-holidays.ts';
import { seedClosedDays } from './seed.ts';

/** The desk's calendar of closed days: the pinned bank holidays, the seed, the console's changes. */

let app: FastifyInstance;
let admin: TestStaff;
let viewer: TestStaff;
const { created, confirm } = orderTestFile(async (t) => {
  ({ app } = t);
  admin = await createStaff(app, 'admin');
  viewer = await createStaff(app, 'viewer');
});

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() % 6 !== 0;
const closedWeekdays = async (year: number) =>
  (await app.services.calendar.list(year)).items.map((d) => d.date).filter(weekday);

describe('the bank holidays the desk is closed on', () => {
  it('rule: 2025 is the Bank of Thailand list: substitution days, Labour Day and Makha Bucha on 12 February', async () => {
    expect(await closedWeekdays(2025)).toEqual([
      '2025-01-01',
      '2025-02-12',
      '2025-04-07',
      '2025-04-14',
      '2025-04-15',
      '2025-05-01',
      '2025-05-05',
      '2025-05-12',
      '2025-06-03',
      '2025-07-10',
      '2025-07-28',
      '2025-08-12',
      '2025-10-13',
      '2025-10-23',
      '2025-12-05',
      '2025-12-10',
      '2025-12-31',
    ]);
  });

  it('rule: 2026 is the Bank of Thailand list, with the substitutions on 1 June and 7 December', async () => {
    expect(await closedWeekdays(2026)).toEqual([
      '2026-01-01',
      '2026-03-03',
      '2026-04-06',
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-05-01',
      '2026-05-04',
      '2026-06-01',
      '2026-06-03',
      '2026-07-28',
      '2026-07-29',
      '2026-08-12',
      '2026-10-13',
      '2026-10-23',
      '2026-12-07',
      '2026-12-10',
      '2026-12-31',
    ]);
  });

  it('rule: a year the Bank has not published takes the library, with Labour Day and weekend substitutions, without Buddhist Lent', () => {
    const days = libraryBankHolidays(2027);
    const dates = days.map((d) => d.date);
    expect(dates).toContain('2027-05-01');
    // King Chulalongkorn Day falls on Saturday 23 October 2027, King Bhumibol's birthday on Sunday 5 December.
    expect(days.find((d) => d.date === '2027-10-25')?.name).toEqual({
      en: 'Substitution for King Chulalongkorn Day',
      th: expect.stringContaining('วันหยุดชดเชย'),
    });
    expect(dates).toContain('2027-12-06');
    expect(days.some((d) => d.name.en === 'Buddhist Lent')).toBe(false);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('rule: the next open day skips weekends and closed days', async () => {
    const { nextOpenDay, isDeskClosed } = app.services.calendar;
    expect(await nextOpenDay('2025-04-12')).toBe('2025-04-16');
    expect(await nextOpenDay('2026-05-30')).toBe('2026-06-02');
    expect(await nextOpenDay('2026-12-05')).toBe('2026-12-08');
    expect(await nextOpenDay('2026-12-08')).toBe('2026-12-08');
    expect(await isDeskClosed('2025-05-05')).toBe(true);
    expect(await isDeskClosed('2025-02-13')).toBe(false);
  });
});

describe('the seed', () => {
  it('rule: seeding again adds nothing and never closes a day staff opened again', async () => {
    const actor = { type: 'system' as const, id: null };
    await app.services.calendar.remove(actor, '2026-10-23');
    try {
      expect(await seedClosedDays(app.database.db, [2025, 2026, 2027])).toBe(0);
      expect(await app.services.calendar.isDeskClosed('2026-10-23')).toBe(false);
    } finally {
      await app.services.calendar.add(actor, '2026-10-23', {
        en: 'King Chulalongkorn Day',
        th: 'วันปิยมหาราช',
      });
    }
  });
});

describe('closed days in the console', () => {
  const DAY = '2099-06-15';
  const name = { en: 'Desk training day', th: 'วันอบรมพนักงาน' };
  const appointmentOn = (id: string, date: string) => ({
    id,
    method: 'cash_appointment',
    locationId: 'silom',
    appointmentAt: `${date}T10:00:00+07:00`,
  });

  it('rule: an admin closes a day with its two names (audited), and the server then refuses appointments on it', async () => {
    const add = await staffCall<ClosedDay>(app, admin.token, 'POST', '/api/admin/closed-days', {
      date: DAY,
      name,
    });
    expect(periodOf(add.body)).toEqual({ date: DAY, name, source: 'staff' });
    const [row] = await auditRows(app, 'calendar.close_day', `day:${DAY}`);
    expect(row).toMatchObject({ actor_id: String(admin.id), after: { name } });
    const listed = await staffCall<{ items: ClosedDay[] }>(
      app,
      viewer.token,
      'GET',
      '/api/admin/closed-days?year=2099',
    );
    expect(periodOf(listed.body).items).toContainEqual({ date: DAY, name, source: 'staff' });

    const again = await staffCall(app, admin.token, 'POST', '/api/admin/closed-days', { date: DAY, name });
    expect(again.body.code).toBe(E.CLOSED_DAY_EXISTS.code);

    const t = await createTrader(app);
    const order = await created(t, buy(t));
    expect((await confirm(t, appointmentOn(order.id, DAY))).body.code).toBe(E.HOLIDAY_NOT_ALLOWED.code);

    const remove = await staffCall(app, admin.token, 'POST', '/api/admin/closed-days/remove', { date: DAY });
    expect(remove.body.code).toBe(0);
    const [removed] = await auditRows(app, 'calendar.open_day', `day:${DAY}`);
    expect(removed).toMatchObject({ before: { name, source: 'staff' }, after: null });
    // Open again: the day is judged by the booking window (50043) instead.
    expect((await confirm(t, appointmentOn(order.id, DAY))).body.code).toBe(E.APPOINTMENT_TIME_INVALID.code);
    const gone = await staffCall(app, admin.token, 'POST', '/api/admin/closed-days/remove', { date: DAY });
    expect(gone.body.code).toBe(E.CLOSED_DAY_NOT_FOUND.code);
  });

  it('rule: a bad day or a missing name is 40018 and changes nothing; only admins change the calendar', async () => {
    for (const body of [
      { date: '2099-02-30', name },
      { date: '15/06/2099', name },
      { date: '2099-06-16', name: { en: 'Only English', th: ' ' } },
      { date: '2099-06-16', name: { en: 'x'.repeat(81), th: 'ไทย' } },
      { date: '2099-06-16' },
    ]) {
      const res = await staffCall(app, admin.token, 'POST', '/api/admin/closed-days', body);
      expect(res.body.code, JSON.stringify(body)).toBe(E.CLOSED_DAY_INVALID.code);
    }
    const byViewer = await staffCall(app, viewer.token, 'POST', '/api/admin/closed-days', {
      date: '2099-06-16',
      name,
    });
    expect(byViewer.status).toBe(403);
    expect(await app.services.calendar.isDeskClosed('2099-06-16')).toBe(false);
  });
});
