import { describe, expect, it } from 'vitest';
import { bangkokDate, bangkokInstants, historyDateRange, isBangkokWeekday, isIsoDate } from './dates.ts';

// Wednesday 2025-09-03, 00:30 in Bangkok (still Tuesday in UTC).
const wednesdayEarly = new Date('2025-09-02T17:30:00Z');

describe('Bangkok calendar (UTC+07:00)', () => {
  it('takes the date in Bangkok, not in UTC', () => {
    expect(bangkokDate(wednesdayEarly)).toBe('2025-09-03');
    expect(bangkokDate(new Date('2025-09-02T16:59:59Z'))).toBe('2025-09-02');
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-9-1')).toBe(false);
  });

  it('treats Monday to Friday in Bangkok as weekdays', () => {
    // Friday 23:30 UTC is Saturday 06:30 in Bangkok.
    expect(isBangkokWeekday(new Date('2025-09-05T23:30:00Z'))).toBe(false);
    expect(isBangkokWeekday(new Date('2025-09-05T10:00:00Z'))).toBe(true);
    // Sunday 17:00 UTC is Monday 00:00 in Bangkok.
    expect(isBangkokWeekday(new Date('2025-09-07T17:00:00Z'))).toBe(true);
    expect(isBangkokWeekday(new Date('2025-09-07T16:59:59Z'))).toBe(false);
  });
});

describe('history date filters', () => {
  it.each([
    ['yesterday', '2025-09-02', '2025-09-02'],
    ['today', '2025-09-03', '2025-09-03'],
    ['thisWeek', '2025-09-01', '2025-09-07'],
    ['lastWeek', '2025-08-25', '2025-08-31'],
    ['thisMonth', '2025-09-01', '2025-09-30'],
    ['lastMonth', '2025-08-01', '2025-08-31'],
  ] as const)('%s covers %s to %s', (filter, from, to) => {
    expect(historyDateRange(filter, wednesdayEarly)).toEqual({ from, to });
  });

  it('handles a Sunday, a year turn and a leap February', () => {
    const sunday = new Date('2025-09-07T05:00:00Z');
    expect(historyDateRange('thisWeek', sunday)).toEqual({ from: '2025-09-01', to: '2025-09-07' });
    const newYear = new Date('2025-01-01T03:00:00Z');
    expect(historyDateRange('yesterday', newYear)).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(historyDateRange('lastMonth', newYear)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(historyDateRange('thisMonth', new Date('2024-02-10T00:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('takes a custom range as given', () => {
    const range = { from: '2025-01-01', to: '2025-01-31' };
    expect(historyDateRange('custom', wednesdayEarly, range)).toBe(range);
  });

  it('turns a date range into Bangkok midnights', () => {
    const { start, end } = bangkokInstants({ from: '2025-09-01', to: '2025-09-07' });
    expect(start.toISOString()).toBe('2025-08-31T17:00:00.000Z');
    expect(end.toISOString()).toBe('2025-09-07T17:00:00.000Z');
  });
});
