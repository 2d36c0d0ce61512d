import {
  Decimal,
  E,
  type MemberLevelResult,
  settingDefaults,
  type TradeLimits,
  type TradeLimitsResult,
  type Transaction,
  type TransactionStatus,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { buy, CREATE, orderTestFile, sell } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../../test/traders.ts';
import { findLevelAndTotals } from './repository.ts';
import { limitPeriods } from './service.ts';

/**
 * A member's level and limits (decision 0067): the THB each level may buy and sell per Bangkok day
 * and calendar month, refused by createTransaction under the member's row lock.
 */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;

let viewerToken = '';

const { create, orderIn } = orderTestFile(async (t) => {
  ({ app, operator, admin } = t);
  viewerToken = (await createStaff(app, 'viewer')).token;
});

const system = { type: 'system' as const, id: null };
const LIMITS = '/api/external/user/getTradeLimits';
const level = (memberId: number) => `/api/admin/members/${memberId}/level`;

async function limitsOf(t: { token: string }): Promise<TradeLimitsResult> {
  return periodOf((await post<TradeLimitsResult>(app, LIMITS, {}, { token: t.token })).body);
}

/** Small limits so a few orders reach them; room for many open orders. */
const SMALL_LIMITS: TradeLimits = {
  level1: {
    buyDayThb: '50000.00',
    buyMonthThb: '120000.00',
    sellDayThb: '40000.00',
    sellMonthThb: '100000.00',
  },
  level2: {
    buyDayThb: '500000.00',
    buyMonthThb: '1000000.00',
    sellDayThb: '400000.00',
    sellMonthThb: '1000000.00',
  },
};
async function smallLimits() {
  await app.services.settings.set(system, 'openOrderCap', 100);
  await app.services.settings.set(system, 'tradeLimits', SMALL_LIMITS);
}

/** Moves an order's creation time and status straight in the database (a past order's state). */
async function backdate(id: string, createdAt: Date, status: TransactionStatus = 'success') {
  await app.database.db
    .updateTable('transactions')
    .set({ status })
    .set(sql`created_at`, sql`${createdAt}`)
    .where('public_id', '=', id)
    .execute();
}

async function placed(t: Trader, body: unknown): Promise<Transaction> {
  return periodOf((await create(t, body)).body);
}

describe('getTradeLimits', () => {
  it('rule: a verified member is level 1 with the default limits and all of them left; an unverified member is level 0', async () => {
    await app.services.settings.set(system, 'tradeLimits', settingDefaults.tradeLimits);
    const t = await createTrader(app);
    const mine = await limitsOf(t);
    const l1 = settingDefaults.tradeLimits.level1;
    expect(mine).toEqual({
      level: 1,
      buy: {
        dayLimit: l1.buyDayThb,
        monthLimit: l1.buyMonthThb,
        leftToday: l1.buyDayThb,
        leftThisMonth: l1.buyMonthThb,
      },
      sell: {
        dayLimit: l1.sellDayThb,
        monthLimit: l1.sellMonthThb,
        leftToday: l1.sellDayThb,
        leftThisMonth: l1.sellMonthThb,
      },
    });
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    expect((await limitsOf({ token })).level).toBe(0);
  });

  it('rule: a buy uses the buy room and a sell its gross THB of the sell room, each apart', async () => {
    await smallLimits();
    const t = await createTrader(app);
    await placed(t, buy(t, '10000.00'));
    await placed(t, sell(t, '500.00')); // 500 USDT x 34.80 = 17,400 THB gross
    const mine = await limitsOf(t);
    expect(mine.buy).toMatchObject({ leftToday: '40000.00', leftThisMonth: '110000.00' });
    expect(mine.sell).toMatchObject({ leftToday: '22600.00', leftThisMonth: '82600.00' });
  });
});

describe('createTransaction under the limits', () => {
  it('rule: an order past the daily limit is refused with 50051, saying in both languages what is left, and nothing is made', async () => {
    await smallLimits();
    const t = await createTrader(app);
    await placed(t, buy(t, '45000.00'));
    const res = await create(t, buy(t, '5000.01'));
    expect(res.body.code).toBe(E.BUY_LIMIT_REACHED.code);
    expect(res.body.message).toBe(
      'This order would pass your buying limit. You can still buy 5,000.00 THB today and 75,000.00 THB this month.',
    );
    expect(res.body.result?.period).toMatchObject({ leftToday: '5000.00', leftThisMonth: '75000.00' });
    const th = await post(app, CREATE, buy(t, '5000.01'), {
      token: t.token,
      headers: { 'accept-language': 'th' },
    });
    expect(th.body.code).toBe(E.BUY_LIMIT_REACHED.code);
    expect(th.body.message).toContain('5,000.00 บาท');
    expect(th.body.message).toContain('75,000.00 บาท');
    // Exactly what is left still goes through.
    expect((await create(t, buy(t, '5000.00'))).body.code).toBe(0);
    expect((await limitsOf(t)).buy.leftToday).toBe('0.00');
  });

  it('rule: a sell past the monthly limit is refused with 50052, though the day has room', async () => {
    await smallLimits();
    const t = await createTrader(app);
    // 2 x 1,000 USDT x 34.80 = 69,600 THB earlier in March; on 15 March, 30,400 THB are left.
    for (const _ of [1, 2])
      await backdate((await placed(t, sell(t, '1000.00'))).id, new Date('2026-03-02T10:00:00+07:00'));
    const now = new Date('2026-03-15T10:00:00+07:00');
    const check = async (amountThb: string) =>
      app.services.risk.checkOrder(
        await findLevelAndTotals(app.database.db, t.id, limitPeriods(now), now),
        { type: 'sell', amountThb },
        SMALL_LIMITS,
      );
    await expect(check('30400.01')).rejects.toMatchObject({
      def: {
        code: E.SELL_LIMIT_REACHED.code,
        en: 'This order would pass your selling limit. You can still sell 40,000.00 THB today and 30,400.00 THB this month.',
      },
    });
    await expect(check('30400.00')).resolves.toBeUndefined();
  });

  it('rule: level 2 has its own, higher limits', async () => {
    await smallLimits();
    const t = await createTrader(app);
    expect((await create(t, buy(t, '60000.00'))).body.code).toBe(E.BUY_LIMIT_REACHED.code);
    periodOf(
      (await staffCall(app, operator.token, 'POST', level(t.id), { level: 2, note: 'Payslips seen' })).body,
    );
    expect((await create(t, buy(t, '60000.00'))).body.code).toBe(0);
    expect((await limitsOf(t)).buy).toMatchObject({ dayLimit: '500000.00', leftToday: '440000.00' });
  });

  it.each([
    ['pending', true],
    ['request', true],
    ['success', true],
    ['reject', false],
    ['expired', false],
  ] as const)('rule: an order that is %s counts toward the limit: %s', async (status, counts) => {
    await smallLimits();
    const t = await createTrader(app);
    await orderIn(t, status); // a sell of 500 USDT: 17,400 THB
    expect((await limitsOf(t)).sell.leftToday).toBe(counts ? '22600.00' : '40000.00');
  });

  it('rule: a pending order past its deadline (not yet swept) no longer counts', async () => {
    await smallLimits();
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    await app.database.db
      .updateTable('transactions')
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where('public_id', '=', order.id)
      .execute();
    expect((await limitsOf(t)).sell.leftToday).toBe('40000.00');
  });
});

describe('the Bangkok day and month', () => {
  /** What is left at `now` after orders that completed at each of `times`, 10,000 THB each. */
  async function leftAt(now: string, times: string[]) {
    await smallLimits();
    const t = await createTrader(app);
    for (const at of times) await backdate((await placed(t, buy(t, '10000.00'))).id, new Date(at));
    return (await app.services.risk.limits(t.id, new Date(now))).buy;
  }

  it('rule: the day starts at midnight in Bangkok (17:00 UTC), not at midnight UTC', async () => {
    const left = await leftAt('2026-03-10T00:30:00+07:00', [
      '2026-03-09T23:59:59+07:00', // yesterday in Bangkok, though the same UTC date as now
      '2026-03-10T00:00:00+07:00', // today
    ]);
    expect(left).toMatchObject({ leftToday: '40000.00', leftThisMonth: '100000.00' });
  });

  it('rule: the month starts on the 1st at midnight in Bangkok; last month no longer counts', async () => {
    const left = await leftAt('2026-03-15T10:00:00+07:00', [
      '2026-02-28T23:59:59+07:00', // last month in Bangkok (2026-02-28T16:59:59Z)
      '2026-03-01T00:00:00+07:00', // this month (still 2026-02-28 in UTC)
      '2026-03-15T09:00:00+07:00', // today
    ]);
    expect(left).toMatchObject({ leftToday: '40000.00', leftThisMonth: '100000.00' });
  });
});

describe('two orders racing', () => {
  it('rule: 20 buys created at once never pass the daily limit together: exactly as many as fit are made', async () => {
    await smallLimits();
    const t = await createTrader(app);
    // 50,000 THB a day: 6 orders of 8,000 THB fit (48,000), the other 14 are refused.
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(t, buy(t, '8000.00'))));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(6);
    expect(codes.filter((c) => c === E.BUY_LIMIT_REACHED.code)).toHaveLength(14);
    const total = await app.database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.sum<string>('amount_thb').as('thb'))
      .where('member_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(new Decimal(String(total.thb)).toFixed(2)).toBe('48000.00');
  });
});

describe('setMemberLevel', () => {
  it('rule: staff set a level with a note; the change is audited with before, after, the note and who', async () => {
    const t = await createTrader(app);
    const res = await staffCall<MemberLevelResult>(app, operator.token, 'POST', level(t.id), {
      level: 2,
      note: '  Bank statements for six months  ',
    });
    expect(periodOf(res.body)).toMatchObject({
      level: 2,
      setBy: operator.username,
      note: 'Bank statements for six months',
    });
    const [row] = await auditRows(app, 'member.level.set', `member:${t.id}`);
    expect(row).toMatchObject({
      actor_type: 'staff',
      actor_id: String(operator.id),
      reason: 'Bank statements for six months',
    });
    expect(row?.before).toEqual({ level: 1 });
    expect(row?.after).toEqual({ level: 2 });
    periodOf((await staffCall(app, admin.token, 'POST', level(t.id), { level: 1, note: 'Back to 1' })).body);
    const rows = await auditRows(app, 'member.level.set', `member:${t.id}`);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ level: 2 }, { level: 1 }],
      [{ level: 1 }, { level: 2 }],
    ]);
    expect((await limitsOf(t)).level).toBe(1);
  });

  it('rule: a level other than 1 or 2 (40021), a blank note (40022) or a member not verified (40023) changes nothing', async () => {
    const t = await createTrader(app);
    const call = (memberId: number, body: unknown) =>
      staffCall(app, operator.token, 'POST', level(memberId), body);
    expect((await call(t.id, { level: 3, note: 'x' })).body.code).toBe(E.MEMBER_LEVEL_INVALID.code);
    expect((await call(t.id, { level: 2, note: '   ' })).body.code).toBe(E.MEMBER_LEVEL_NOTE_REQUIRED.code);
    const m = await createMember(app);
    expect((await call(m.id, { level: 2, note: 'x' })).body.code).toBe(E.MEMBER_LEVEL_NOT_VERIFIED.code);
    expect((await call(9_999_999, { level: 2, note: 'x' })).body.code).toBe(E.MEMBER_NOT_FOUND.code);
    expect(await auditRows(app, 'member.level.set', `member:${t.id}`)).toEqual([]);
    expect((await limitsOf(t)).level).toBe(1);
  });

  it('rule: a viewer may read a level but not set it', async () => {
    const t = await createTrader(app);
    const read = await staffCall<MemberLevelResult>(app, viewerToken, 'GET', level(t.id));
    expect(periodOf(read.body)).toMatchObject({ level: 1, setBy: null, note: null });
    const set = await staffCall(app, viewerToken, 'POST', level(t.id), { level: 2, note: 'x' });
    expect(set.status).toBe(403);
  });
});

describe('the tradeLimits setting', () => {
  it.each([
    ['a day above its month', { buyDayThb: '2000000.00' }],
    ['a zero limit', { sellDayThb: '0.00' }],
  ])('rule: %s is refused with 40024', async (_, change) => {
    const value = {
      ...settingDefaults.tradeLimits,
      level1: { ...settingDefaults.tradeLimits.level1, ...change },
    };
    const res = await staffCall(app, admin.token, 'POST', '/api/admin/settings', {
      key: 'tradeLimits',
      value,
    });
    expect(res.body.code).toBe(E.TRADE_LIMITS_INVALID.code);
  });

  it('rule: a limit that is not an amount is refused with a coded 4xx and nothing is saved', async () => {
    const value = {
      ...settingDefaults.tradeLimits,
      level1: { ...settingDefaults.tradeLimits.level1, buyDayThb: 'abc' },
    };
    const res = await staffCall(app, admin.token, 'POST', '/api/admin/settings', {
      key: 'tradeLimits',
      value,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(E.WRONG_FORMAT.code);
  });

  it('rule: level 2 may not allow less than level 1 (40024)', async () => {
    const value = {
      ...settingDefaults.tradeLimits,
      level2: { ...settingDefaults.tradeLimits.level2, sellMonthThb: '100.00', sellDayThb: '100.00' },
    };
    const res = await staffCall(app, admin.token, 'POST', '/api/admin/settings', {
      key: 'tradeLimits',
      value,
    });
    expect(res.body.code).toBe(E.TRADE_LIMITS_INVALID.code);
  });
});
