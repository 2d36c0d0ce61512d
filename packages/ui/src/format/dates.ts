import { type Lang, TIMEZONE } from '@bahtdesk/contract';

/**
 * Dates and times are shown in Asia/Bangkok. In Thai they use the Thai date locale, which counts
 * years in the Buddhist era (2569 for 2026), as Thai readers expect.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Lang, withTime: boolean): Intl.DateTimeFormat {
  const id = `${lang}:${withTime}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
      timeZone: TIMEZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    formats.set(id, f);
  }
  return f;
}

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  return d ? formatter(lang, false).format(d) : '';
}

export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  return d ? formatter(lang, true).format(d) : '';
}
