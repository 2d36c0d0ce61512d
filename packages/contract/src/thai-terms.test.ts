import { describe, expect, it } from 'vitest';
import { splitThaiTerms, THAI_TERMS } from './thai-terms.ts';

describe('Thai compounds are kept whole on a line', () => {
  it('finds the compounds members and staff saw split: นักขัตฤกษ์, ขั้นตอน (in ข้ามขั้นตอนนี้), เรียลไทม์, ผู้ดูแลระบบ, เครือข่าย', () => {
    for (const [text, term] of [
      ['วันหยุดนักขัตฤกษ์', 'นักขัตฤกษ์'],
      ['ข้ามขั้นตอนนี้', 'ขั้นตอน'],
      ['อัตราอัปเดตแบบเรียลไทม์', 'เรียลไทม์'],
      ['สำหรับกรณีที่ผู้ดูแลระบบทุกคนเข้าไม่ได้', 'ผู้ดูแลระบบ'],
      ['แยกตามเครือข่าย', 'เครือข่าย'],
    ] as const) {
      expect(
        splitThaiTerms(text)
          .filter((p) => p.term)
          .map((p) => p.text),
      ).toEqual([term]);
    }
  });

  it('finds every listed term whole, the longest when one holds another', () => {
    for (const term of THAI_TERMS)
      expect(splitThaiTerms(`ก${term}ข`)).toContainEqual({ text: term, term: true });
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
