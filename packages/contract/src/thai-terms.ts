/**
 * Thai is written without spaces between words, so browsers break Thai lines with a dictionary
 * (ICU's). That dictionary splits compounds at the end of a line: เจ้า|หน้าที่ ("staff"),
 * เข้าสู่|ระบบ ("log in"), รหัส|ผ่าน ("password"). Each term below is kept whole (decision 0034):
 * a zero-width space on each side keeps a break opportunity before and after it (and lets the
 * dictionary segment the text around it as before), and a word joiner between its characters
 * forbids a break inside. Both are invisible; the effect is that of `white-space: nowrap` on the
 * term. Every Thai text the apps show passes through `joinThaiTerms`: the catalogues at build
 * time (packages/ui/src/i18n/thaiTermsPlugin.ts), the contract's messages where they are defined.
 */
export const THAI_TERMS = [
  'เจ้าหน้าที่',
  'เข้าสู่ระบบ',
  'ออกจากระบบ',
  'รหัสผ่าน',
  'ตรวจสอบ',
  'อัปโหลด',
  'ยืนยันตัวตน',
  'หนังสือเดินทาง',
  'โทรศัพท์',
  'กระดานเทรด',
  'ภาพหน้าจอ',
  'สมัครสมาชิก',
  'ชื่อผู้ใช้',
  'อัตราแลกเปลี่ยน',
  'ค่าธรรมเนียม',
  'เลขบัญชี',
  'นักขัตฤกษ์',
  'ขั้นตอน',
  'เรียลไทม์',
] as const;

export const ZERO_WIDTH_SPACE = '\u200b';
export const WORD_JOINER = '\u2060';

/** Thai marks drawn above or below the letter before them: a joiner never goes before one. */
const COMBINING = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;
const THAI = /[\u0e00-\u0e7f]/;

const joined = (term: string): string =>
  [...term].map((ch, i) => (i > 0 && !COMBINING.test(ch) ? WORD_JOINER + ch : ch)).join('');

// Longest first, so a term inside a longer one is not joined twice.
const pattern = new RegExp([...THAI_TERMS].sort((a, b) => b.length - a.length).join('|'), 'g');

/** `text` with every THAI_TERMS term kept whole on a line; the same text again when already done. */
export function joinThaiTerms(text: string): string {
  return text.replace(pattern, (term, at: number, whole: string) => {
    const before = whole[at - 1];
    const after = whole[at + term.length];
    const lead = before !== undefined && THAI.test(before) ? ZERO_WIDTH_SPACE : '';
    const tail = after !== undefined && THAI.test(after) && !COMBINING.test(after) ? ZERO_WIDTH_SPACE : '';
    return lead + joined(term) + tail;
  });
}

/**
 * `text` cut into the THAI_TERMS terms and the text between them, for text the apps receive rather
 * than hold in a catalogue (staff-written news titles): the member app keeps each term whole with
 * a `white-space: nowrap` span, which has the joiners' effect on line breaks and leaves the text
 * itself, and so what a screen reader reads, unchanged.
 */
export function splitThaiTerms(text: string): { text: string; term: boolean }[] {
  const parts: { text: string; term: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), term: false });
    parts.push({ text: match[0], term: true });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), term: false });
  return parts;
}

/** The text a person reads, without the invisible characters joinThaiTerms adds (for comparisons). */
export function withoutThaiJoins(text: string): string {
  return text.replaceAll(ZERO_WIDTH_SPACE, '').replaceAll(WORD_JOINER, '');
}
