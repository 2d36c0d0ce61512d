import { type IsoDate, isIsoDate, type Lang } from '@bahtdesk/contract';

/**
 * Dates and times as members type them (decision 0059). A Thai page writes dates day/month/year in
 * the Buddhist era (26/11/2569), an English page day/month/year in the Christian era (26/11/2026),
 * and either page takes the other era too: a four-digit year from 2300 on is Buddhist (543 more
 * than the Christian year), one from 1900 to 2299 Christian, so the two never overlap. A year
 * marked พ.ศ./BE or ค.ศ./AD/CE is taken as marked. Months may be numbers or names (Thai full or
 * short, English); Thai digits read as digits. Two-digit years are refused: 69 could be either era.
 * Times are 24-hour 'HH:MM' (14:35, 14.35 น., 1435).
 */

const BE_OFFSET = 543;
const FIRST_BE_YEAR = 2300;
const FIRST_CE_YEAR = 1900;

const THAI_DIGITS = /[๐-๙]/g;
const toAsciiDigits = (s: string) => s.replace(THAI_DIGITS, (d) => String(d.charCodeAt(0) - 0x0e50));

const THAI_MONTHS = [
  ['มกราคม', 'มค'],
  ['กุมภาพันธ์', 'กพ'],
  ['มีนาคม', 'มีค'],
  ['เมษายน', 'เมย'],
  ['พฤษภาคม', 'พค'],
  ['มิถุนายน', 'มิย'],
  ['กรกฎาคม', 'กค'],
  ['สิงหาคม', 'สค'],
  ['กันยายน', 'กย'],
  ['ตุลาคม', 'ตค'],
  ['พฤศจิกายน', 'พย'],
  ['ธันวาคม', 'ธค'],
];
const ENGLISH_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The month (1-12) a word names: Thai full or short (with or without dots), English full or 3+ letters. */
function monthOf(word: string): number | null {
  const w = word.replace(/\./g, '').toLowerCase();
  const thai = THAI_MONTHS.findIndex(([full, short]) => w === full || w === short);
  if (thai >= 0) return thai + 1;
  if (w.length < 3) return null;
  const english = ENGLISH_MONTHS.findIndex((m) => m.startsWith(w));
  return english >= 0 ? english + 1 : null;
}

type Era = 'be' | 'ce' | null;

/** The Christian year of a typed four-digit year, or null when it is not a year either era means. */
function christianYear(year: number, era: Era): number | null {
  if (era === 'be') return year - BE_OFFSET;
  if (era === 'ce') return year;
  if (year >= FIRST_BE_YEAR) return year - BE_OFFSET;
  if (year >= FIRST_CE_YEAR) return year;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number, era: Era): IsoDate | null {
  const y = christianYear(year, era);
  if (y === null) return null;
  const iso = `${y}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/** The calendar date a member typed, or null when it is not one (or not unambiguously one). */
export function parseTypedDate(text: string): IsoDate | null {
  let s = toAsciiDigits(text).trim().toLowerCase().replace(/\s+/g, ' ');
  let era: Era = null;
  // An era marker stands on its own ("november" holds "be" but marks nothing).
  const marker = s.match(/(^|[\s/])(พ\.?\s?ศ\.?|b\.?e\.?|ค\.?\s?ศ\.?|a\.?d\.?|c\.?e\.?)(?=\s|\d|$)/u);
  if (marker) {
    era = /^(พ|b)/.test(marker[2] as string) ? 'be' : 'ce';
    s = `${s.slice(0, marker.index)}${marker[1]} ${s.slice((marker.index ?? 0) + marker[0].length)}`
      .replace(/\s+/g, ' ')
      .replace(/\/ /g, '/')
      .trim();
  }
  const iso = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]), era);
  const numeric = s.match(/^(\d{1,2}) ?[/.-] ?(\d{1,2}) ?[/.-] ?(\d{4})$/);
  if (numeric) return isoOf(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]), era);
  const named = s.match(/^(\d{1,2})(?:st|nd|rd|th)? ?([a-z\u0e00-\u0e7f.]+)\.?,? ?(\d{4})$/u);
  if (named) {
    const month = monthOf(named[2] as string);
    return month ? isoOf(Number(named[3]), month, Number(named[1]), era) : null;
  }
  const english = s.match(/^([a-z.]+) (\d{1,2}),? (\d{4})$/);
  if (english) {
    const month = monthOf(english[1] as string);
    return month ? isoOf(Number(english[3]), month, Number(english[2]), era) : null;
  }
  return null;
}

/** A date as the page's language writes it in a field: day/month/year, Buddhist era in Thai. */
export function formatTypedDate(date: IsoDate, lang: Lang): string {
  if (!isIsoDate(date)) return '';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${pad(d)}/${pad(m)}/${lang === 'th' ? y + BE_OFFSET : y}`;
}

/** The 24-hour 'HH:MM' a member typed (14:35, 14.35 น., 1435, ๑๔:๓๕), or null. */
export function parseTypedTime(text: string): string | null {
  const s = toAsciiDigits(text)
    .trim()
    .replace(/\s*(น\.?|นาฬิกา)$/u, '');
  const m = s.match(/^(\d{1,2})(?:[:.]|\s)?(\d{2})$/);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  return hours < 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}
