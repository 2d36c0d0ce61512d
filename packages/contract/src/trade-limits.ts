import { z } from 'zod';
import { E, type ErrorDef, type Lang } from './errors.ts';
import { Decimal, formatMoney, moneyString, parseDecimal } from './money.ts';
import type { TransactionStatus, TransactionType } from './transaction-kinds.ts';
import { codeMessage } from './validators/messages.ts';

/**
 * Member levels and the THB-equivalent each level may buy and sell per Bangkok day and calendar
 * month (decision 0067). Level 0: identity not verified (no orders at all); level 1: identity
 * verified; level 2: staff accepted proof of income or assets, or set it with a note.
 */
export const MEMBER_LEVELS = [1, 2] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

/** A level staff may set: 1 or 2 (40021 otherwise). */
export const memberLevelSchema = z.union([z.literal(1), z.literal(2)], {
  error: codeMessage(E.MEMBER_LEVEL_INVALID),
});

/** The statuses whose orders count toward a limit (a pending one only within its deadline). */
export const LIMIT_COUNTED_STATUSES = [
  'pending',
  'request',
  'success',
] as const satisfies readonly TransactionStatus[];

const limitAmount = moneyString.refine(
  (s) => parseDecimal(s)?.gt(0) === true,
  codeMessage(E.TRADE_LIMITS_INVALID),
);

/** a <= b, for amounts that may not have passed their own check (then the field's error says why). */
const notAbove = (a: string, b: string) => {
  const [x, y] = [parseDecimal(a), parseDecimal(b)];
  return x === null || y === null || x.lte(y);
};

/** One level's limits, in THB (a sell counts its gross THB before the fee). */
export const levelLimitsSchema = z
  .object({
    buyDayThb: limitAmount,
    buyMonthThb: limitAmount,
    sellDayThb: limitAmount,
    sellMonthThb: limitAmount,
  })
  .refine(
    (l) => notAbove(l.buyDayThb, l.buyMonthThb) && notAbove(l.sellDayThb, l.sellMonthThb),
    codeMessage(E.TRADE_LIMITS_INVALID),
  );
export type LevelLimits = z.infer<typeof levelLimitsSchema>;

const LIMIT_KEYS = ['buyDayThb', 'buyMonthThb', 'sellDayThb', 'sellMonthThb'] as const;

/** The limits of every level; a higher level never allows less than a lower one. */
export const tradeLimitsSchema = z
  .object({ level1: levelLimitsSchema, level2: levelLimitsSchema })
  .refine(
    (v) => LIMIT_KEYS.every((k) => notAbove(v.level1[k], v.level2[k])),
    codeMessage(E.TRADE_LIMITS_INVALID),
  );
export type TradeLimits = z.infer<typeof tradeLimitsSchema>;

/** The limits of a level (level 0 has none to use: it cannot order). */
export function limitsOfLevel(limits: TradeLimits, level: MemberLevel): LevelLimits {
  return level === 2 ? limits.level2 : limits.level1;
}

/** What a member may still order of one type: the smaller of the day's and the month's room. */
export const limitRoomSchema = z.object({
  dayLimit: z.string(),
  monthLimit: z.string(),
  /** THB the member may still order today (Asia/Bangkok), never below 0. */
  leftToday: z.string(),
  /** THB the member may still order this calendar month (Asia/Bangkok), never below 0. */
  leftThisMonth: z.string(),
});
export type LimitRoom = z.infer<typeof limitRoomSchema>;

/** The most one order may be: what is left today, capped by what is left this month. */
export function roomFor(room: LimitRoom): string {
  return Decimal.min(room.leftToday, room.leftThisMonth).toFixed(2);
}

/** The refusal of an order past a limit (50051 buy, 50052 sell), its message saying what is left. */
export function tradeLimitRefusal(type: TransactionType, room: LimitRoom): ErrorDef {
  const def = type === 'buy' ? E.BUY_LIMIT_REACHED : E.SELL_LIMIT_REACHED;
  const words = (lang: Lang) => {
    const today = formatMoney(room.leftToday);
    const month = formatMoney(room.leftThisMonth);
    return lang === 'en'
      ? `${def.en} You can still ${type} ${today} THB today and ${month} THB this month.`
      : `${def.th} วันนี้คุณยัง${type === 'buy' ? 'ซื้อ' : 'ขาย'}ได้อีก ${today} บาท และเดือนนี้อีก ${month} บาท`;
  };
  return { ...def, en: words('en'), th: words('th') };
}
