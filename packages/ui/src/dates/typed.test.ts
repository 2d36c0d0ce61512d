import { describe, expect, it } from 'vitest';
import { formatTypedDate, parseTypedDate, parseTypedTime } from './typed.ts';

describe('typed dates', () => {
  it('rule: the year a Thai page shows (Buddhist era) means that day, not 543 years later', () => {
    expect(parseTypedDate('26/11/2569')).toBe('2026-11-26');
    expect(parseTypedDate('๒๖/๑๑/๒๕๖๙')).toBe('2026-11-26');
    expect(parseTypedDate('1-5-2568')).toBe('2025-05-01');
    expect(parseTypedDate('26 พ.ย. 2569')).toBe('2026-11-26');
    expect(parseTypedDate('26 พฤศจิกายน 2569')).toBe('2026-11-26');
  });

  it('rule: a Christian-era year is taken as typed, on either page', () => {
    expect(parseTypedDate('26/11/2026')).toBe('2026-11-26');
    expect(parseTypedDate('2026-11-26')).toBe('2026-11-26');
    expect(parseTypedDate('26 Nov 2026')).toBe('2026-11-26');
    expect(parseTypedDate('November 26, 2026')).toBe('2026-11-26');
  });

  it('rule: an era marker decides the era', () => {
    expect(parseTypedDate('26/11/พ.ศ. 2569')).toBe('2026-11-26');
    expect(parseTypedDate('1/1/2100 CE')).toBe('2100-01-01');
    expect(parseTypedDate('1/1/2569 BE')).toBe('2026-01-01');
  });

  it('rule: ambiguous or impossible dates are refused, never guessed', () => {
    for (const text of [
      '26/11/69',
      '31/11/2569',
      '29/02/2569',
      '11/26/2026',
      '',
      '26/11',
      'tomorrow',
      '1/1/1850',
    ])
      expect(parseTypedDate(text), text).toBeNull();
    // 2567 BE (2024) was a leap year.
    expect(parseTypedDate('29/02/2567')).toBe('2024-02-29');
  });

  it('rule: a field shows day/month/year, in the Buddhist era on a Thai page', () => {
    expect(formatTypedDate('2026-11-26', 'th')).toBe('26/11/2569');
    expect(formatTypedDate('2026-11-26', 'en')).toBe('26/11/2026');
    for (const lang of ['th', 'en'] as const)
      expect(parseTypedDate(formatTypedDate('2025-02-12', lang))).toBe('2025-02-12');
  });
});

describe('typed times', () => {
  it('rule: times are 24-hour, as Thai members write them', () => {
    expect(parseTypedTime('14:35')).toBe('14:35');
    expect(parseTypedTime('14.35 น.')).toBe('14:35');
    expect(parseTypedTime('9:05')).toBe('09:05');
    expect(parseTypedTime('1435')).toBe('14:35');
    expect(parseTypedTime('๑๔:๓๕')).toBe('14:35');
    for (const text of ['24:00', '12:60', '2:35 pm', '', '7']) expect(parseTypedTime(text), text).toBeNull();
  });
});
