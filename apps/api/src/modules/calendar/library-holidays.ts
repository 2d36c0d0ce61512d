import { type IsoDate, TIMEZONE } from '@bahtdesk/contract';
import Holidays from 'date-holidays';
import type { NamedDay } from './bank-holidays.ts';

/**
 * A year's bank holidays as the maintained `date-holidays` calendar gives them, for the years
 * the Bank of Thailand has not published yet (decision 0058). The library lists public days
 * only: it has no Labour Day (a bank holiday), no substitution days, and Buddhist Lent, which
 * is not one. So Labour Day is added, Buddhist Lent dropped, and a holiday on a Saturday or
 * Sunday gets the usual substitution: the next weekday that is not a holiday itself. Staff
 * correct the result in the console when the Bank publishes the year.
 */
const calendar = new Holidays('TH', { timezone: TIMEZONE, types: ['public'] });

/** Days the library calls public holidays that banks keep open. */
const NOT_BANK_HOLIDAYS = new Set(['Buddhist Lent']);

const weekday = (date: IsoDate): number => new Date(`${date}T12:00:00Z`).getUTCDay();
const nextDay = (date: IsoDate): IsoDate =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function libraryBankHolidays(year: number): NamedDay[] {
  const th = calendar.getHolidays(year, 'th');
  const days: NamedDay[] = calendar
    .getHolidays(year, 'en')
    .map((h, i) => ({ date: h.date.slice(0, 10), name: { en: h.name, th: th[i]?.name ?? h.name } }))
    .filter((h) => !NOT_BANK_HOLIDAYS.has(h.name.en));
  days.push({ date: `${year}-05-01`, name: { en: 'National Labour Day', th: 'วันแรงงานแห่งชาติ' } });
  const taken = new Set(days.map((d) => d.date));
  const substitutes: NamedDay[] = [];
  for (const holiday of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    if (weekday(holiday.date) % 6 !== 0) continue;
    let date = nextDay(holiday.date);
    while (weekday(date) % 6 === 0 || taken.has(date)) date = nextDay(date);
    taken.add(date);
    substitutes.push({
      date,
      name: { en: `Substitution for ${holiday.name.en}`, th: `วันหยุดชดเชย${holiday.name.th}` },
    });
  }
  // One entry a day: the library lists some days twice under two names.
  const byDate = new Map<IsoDate, NamedDay>();
  for (const d of [...days, ...substitutes]) if (!byDate.has(d.date)) byDate.set(d.date, d);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
