import { describe, expect, it } from 'vitest';
import {
  joinThaiTerms,
  splitThaiTerms,
  THAI_TERMS,
  WORD_JOINER,
  withoutThaiJoins,
  ZERO_WIDTH_SPACE,
} from './thai-terms.ts';

describe('Thai compounds are kept whole on a line', () => {
  it('joins the characters of a term and opens a break before and after it', () => {
    const text = joinThaiTerms('มีเจ้าหน้าที่ดูแล');
    expect(text).toBe(
      `มี${ZERO_WIDTH_SPACE}เ${WORD_JOINER}จ้${WORD_JOINER}า${WORD_JOINER}ห${WORD_JOINER}น้${WORD_JOINER}า${WORD_JOINER}ที่${ZERO_WIDTH_SPACE}ดูแล`,
    );
  });

  it('changes nothing a person reads, and nothing when run twice', () => {
    for (const term of THAI_TERMS) {
      const once = joinThaiTerms(`ก${term} ${term}ข`);
      expect(withoutThaiJoins(once)).toBe(`ก${term} ${term}ข`);
      expect(joinThaiTerms(once)).toBe(once);
    }
  });

  it('adds no space where the term meets a space, Latin text or the end', () => {
    expect(joinThaiTerms('รหัสผ่าน')).not.toContain(ZERO_WIDTH_SPACE);
    expect(joinThaiTerms('Password (รหัสผ่าน)')).not.toContain(ZERO_WIDTH_SPACE);
  });

  it('never puts a joiner before a vowel or tone mark drawn over or under a letter', () => {
    expect(joinThaiTerms('ตรวจสอบ')).not.toMatch(
      new RegExp(`${WORD_JOINER}[\\u0e31\\u0e34-\\u0e3a\\u0e47-\\u0e4e]`),
    );
    expect(joinThaiTerms('เจ้าหน้าที่')).not.toMatch(new RegExp(`${WORD_JOINER}[\\u0e48-\\u0e4b]`));
  });

  it('joins a term inside a longer one once', () => {
    const text = joinThaiTerms('ยืนยันตัวตน');
    expect(text.split(ZERO_WIDTH_SPACE)).toHaveLength(1);
    expect(withoutThaiJoins(text)).toBe('ยืนยันตัวตน');
  });

  it('keeps the compounds members saw split whole: นักขัตฤกษ์, ขั้นตอน (in ข้ามขั้นตอนนี้), เรียลไทม์', () => {
    for (const [text, term] of [
      ['วันหยุดนักขัตฤกษ์', 'นักขัตฤกษ์'],
      ['ข้ามขั้นตอนนี้', 'ขั้นตอน'],
      ['อัตราอัปเดตแบบเรียลไทม์', 'เรียลไทม์'],
    ] as const) {
      const joined = joinThaiTerms(text);
      expect(joined.split(ZERO_WIDTH_SPACE).map(withoutThaiJoins)).toContain(term);
    }
  });

  it('cuts a text into its terms and the text between, losing nothing', () => {
    expect(splitThaiTerms('ประกาศวันหยุดนักขัตฤกษ์ ธันวาคม')).toEqual([
      { text: 'ประกาศวันหยุด', term: false },
      { text: 'นักขัตฤกษ์', term: true },
      { text: ' ธันวาคม', term: false },
    ]);
    expect(splitThaiTerms('Cash only')).toEqual([{ text: 'Cash only', term: false }]);
    expect(splitThaiTerms('')).toEqual([]);
  });
});
