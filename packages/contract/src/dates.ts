/**
 * Calendar rules in Asia/Bangkok (docs/product.md, Limits and constants). Thailand keeps UTC+07:00
 * all year (no daylight saving), so a Bangkok calendar date is the UTC date of the instant shifted
 * by seven hours; this keeps the rules exact and independent of the machine's time zone.
 */
const OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toIsoDate = (utcMidnightMs: number): IsoDate => {
  const d = new Date(utcMidnightMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The Bangkok calendar date of an instant. */
export function bangkokDate(instant: Date): IsoDate {
  return toIsoDate(instant.getTime() + OFFSET_MS);
}

/** True for a real calendar date written 'YYYY-MM-DD' (no 2025-02-30). */
export function isIsoDate(s: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && toIsoDate(ms) === s;
}

/** The Bangkok wall-clock time of an instant, 'HH:MM'. */
export function bangkokClock(instant: Date): string {
  const d = new Date(instant.getTime() + OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** True when the instant falls on Monday to Friday in Bangkok (cash appointments, code 50036). */
export function isBangkokWeekday(instant: Date): boolean {
  const day = new Date(instant.getTime() + OFFSET_MS).getUTCDay();
  return day >= 1 && day <= 5;
}

export const HISTORY_FILTERS = [
  'yesterday',
  'today',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** An inclusive range of Bangkok calendar dates. */
export interface DateRange {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/**
 * The dates a history filter covers on the day `now` falls on in Bangkok. Weeks run Monday to
 * Sunday (ISO 8601). `custom` takes the given dates as they are.
 */
export function historyDateRange(filter: HistoryFilter, now: Date, custom?: DateRange): DateRange {
  const today = Date.parse(`${bangkokDate(now)}T00:00:00Z`);
  const d = new Date(today);
  const mondayOffset = (d.getUTCDay() + 6) % 7;
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  switch (filter) {
    case 'yesterday':
      return { from: toIsoDate(today - DAY_MS), to: toIsoDate(today - DAY_MS) };
    case 'today':
      return { from: toIsoDate(today), to: toIsoDate(today) };
    case 'thisWeek':
      return {
        from: toIsoDate(today - mondayOffset * DAY_MS),
        to: toIsoDate(today + (6 - mondayOffset) * DAY_MS),
      };
    case 'lastWeek':
      return {
        from: toIsoDate(today - (mondayOffset + 7) * DAY_MS),
        to: toIsoDate(today - (mondayOffset + 1) * DAY_MS),
      };
    case 'thisMonth':
      return {
        from: toIsoDate(monthStart),
        to: toIsoDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)),
      };
    case 'lastMonth':
      return {
        from: toIsoDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
        to: toIsoDate(monthStart - DAY_MS),
      };
    case 'custom':
      if (!custom) throw new RangeError('a custom range needs its dates');
      return custom;
  }
}

/** The instants a date range covers in Bangkok: from its first midnight to the midnight after it. */
export function bangkokInstants(range: DateRange): { readonly start: Date; readonly end: Date } {
  return {
    start: new Date(Date.parse(`${range.from}T00:00:00Z`) - OFFSET_MS),
    end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - OFFSET_MS),
  };
}
