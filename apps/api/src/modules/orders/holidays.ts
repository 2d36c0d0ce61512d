import { bangkokDate, type IsoDate, TIMEZONE } from '@bahtdesk/contract';
import Holidays from 'date-holidays';

/**
 * Thai public holidays (decision 0037): the maintained `date-holidays` calendar, public days only
 * (not bank or observance days), with their names in English and Thai. The desk takes no cash
 * appointment on them.
 */
const calendar = new Holidays('TH', { timezone: TIMEZONE, types: ['public'] });

export interface Holiday {
  date: IsoDate;
  name: { en: string; th: string };
}

const byYear = new Map<number, Holiday[]>();

function ofYear(year: number): Holiday[] {
  let list = byYear.get(year);
  if (!list) {
    const th = calendar.getHolidays(year, 'th');
    list = calendar.getHolidays(year, 'en').map((h, i) => ({
      date: h.date.slice(0, 10),
      name: { en: h.name, th: th[i]?.name ?? h.name },
    }));
    byYear.set(year, list);
  }
  return list;
}

/** The public holidays from `from` to `to` (Bangkok dates, both included). */
export function thaiHolidays(from: IsoDate, to: IsoDate): Holiday[] {
  const years = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  return [...years].flatMap(ofYear).filter((h) => h.date >= from && h.date <= to);
}

/** The holiday an instant falls on in Bangkok, if any. */
export function thaiHolidayOn(instant: Date): Holiday | undefined {
  const date = bangkokDate(instant);
  return ofYear(Number(date.slice(0, 4))).find((h) => h.date === date);
}
