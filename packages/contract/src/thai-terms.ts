/**
 * Thai is written without spaces between words, so browsers break Thai lines with a dictionary
 * (ICU's). That dictionary splits compounds at the end of a line: เจ้า|หน้าที่ ("staff"),
 * เข้าสู่|ระบบ ("log in"), รหัส|ผ่าน ("password"). Each term below is kept whole (decision 0034):
 * the member app renders every occurrence in its text inside a `white-space: nowrap` span.
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
  'ผู้ดูแลระบบ',
  'เครือข่าย',
] as const;

// Longest first, so a term inside a longer one is found whole.
const pattern = new RegExp([...THAI_TERMS].sort((a, b) => b.length - a.length).join('|'), 'g');

/**
 * `text` cut into the THAI_TERMS terms and the text between them: the member app's JSX runtime
 * (packages/ui/src/thai-jsx) puts each term in a `white-space: nowrap` span, which keeps it whole
 * on a line and leaves the text itself, and so what a screen reader reads, unchanged.
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
