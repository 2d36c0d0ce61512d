import {
  type AmloEntry,
  bangkokTimestamp,
  bankByCode,
  closeChannelParts,
  formatAccountNumber,
  type Lang,
  reportWords,
  roundMoney,
  toMoneyString,
} from '@bahtdesk/contract';
import type { DailyCloses } from './closes.ts';

type CsvLine = (values: readonly (string | number | null)[]) => string;

/** A CSV's headings in both languages: [English, Thai] per column. */
const AMLO_HEADINGS: readonly (readonly [string, string])[] = [
  ['Entry', 'รายการรายงาน'],
  ['Kind', 'ลักษณะ'],
  ['Bangkok day', 'วันที่ (เวลากรุงเทพฯ)'],
  ['Member', 'ชื่อผู้ใช้'],
  ['Name', 'ชื่อ-นามสกุล'],
  ['Phone', 'โทรศัพท์'],
  ['Email', 'อีเมล'],
  ['Document', 'ประเภทเอกสาร'],
  ['Document number', 'เลขที่เอกสาร'],
  ['Order', 'เลขที่รายการ'],
  ['Type', 'ประเภท'],
  ['Method', 'วิธีชำระเงิน'],
  ['Location', 'สถานที่'],
  ['Time', 'เวลา'],
  ['Amount (THB)', 'จำนวนเงิน (บาท)'],
  ['Amount (USDT)', 'จำนวน (USDT)'],
  ['Entry total (THB)', 'ยอดรวมของรายการรายงาน (บาท)'],
  ['Filing reference', 'เลขอ้างอิงการยื่นรายงาน'],
  ['Filed by', 'ผู้ยื่น'],
  ['Filed at', 'เวลาที่ยื่น'],
];
const KIND: Record<AmloEntry['kind'], Record<Lang, string>> = {
  cash: { en: 'Cash transaction at or over the threshold', th: 'ธุรกรรมเงินสดถึงเกณฑ์' },
  split: { en: 'Orders of one day reaching the threshold', th: 'หลายรายการในวันเดียวรวมถึงเกณฑ์' },
};
const CLOSE_HEADINGS: readonly (readonly [string, string])[] = [
  ['Bangkok day', 'วันที่ (เวลากรุงเทพฯ)'],
  ['Channel', 'ช่องทาง'],
  ['Orders', 'จำนวนรายการ'],
  ['Expected total', 'ยอดตามรายการ'],
  ['Statement total', 'ยอดตามรายการเดินบัญชี'],
  ['Difference', 'ส่วนต่าง'],
  ['Closed by', 'ผู้ปิดยอด'],
  ['Closed at', 'เวลาที่ปิดยอด'],
  ['Orders now', 'จำนวนรายการปัจจุบัน'],
  ['Expected total now', 'ยอดตามรายการปัจจุบัน'],
];

/**
 * A close channel as words: one of the desk's bank accounts (its bank and number), the desk's
 * bank accounts where no account is recorded, cash at the desk, or a USDT network.
 */
export function channelName(channel: string, lang: Lang): string {
  const parts = closeChannelParts(channel);
  if (parts.kind === 'account') {
    const bank = bankByCode(parts.bankCode)?.[lang] ?? parts.bankCode;
    const number = formatAccountNumber(parts.accountNumber);
    return lang === 'th' ? `${bank} ${number}: เงินฝาก (บาท)` : `${bank} ${number}: deposits (THB)`;
  }
  if (parts.kind === 'bank')
    return lang === 'th'
      ? 'บัญชีธนาคารของร้าน: การจ่ายเงินและเงินฝากที่ไม่มีบันทึกบัญชี (บาท)'
      : "Desk's bank accounts: payouts, and deposits with no account recorded (THB)";
  if (parts.kind === 'cash') return lang === 'th' ? 'เงินสดที่เคาน์เตอร์ (บาท)' : 'Cash at the desk (THB)';
  return `USDT ${parts.network}`;
}

const headings = (columns: readonly (readonly [string, string])[], lang: Lang) =>
  columns.map(([en, th]) => (lang === 'th' ? th : en));

/** The AMLO queue as CSV lines: one per order of each entry, in `lang`. */
export function* amloCsv(entries: AmloEntry[], lang: Lang, line: CsvLine): Iterable<string> {
  yield line(headings(AMLO_HEADINGS, lang));
  for (const e of entries) {
    for (const o of e.orders) {
      yield line([
        e.key,
        KIND[e.kind][lang],
        e.day,
        e.member.username,
        e.member.name,
        e.member.phone,
        e.member.email,
        reportWords.document(e.member.documentType, lang),
        e.member.documentNumber,
        o.id,
        reportWords.type(o.type, lang),
        reportWords.method(o.method, lang),
        o.location ? o.location[lang] : null,
        bangkokTimestamp(new Date(o.completedAt)),
        o.amountThb,
        o.amountUsdt,
        toMoneyString(e.totalThb),
        e.filing?.reference ?? null,
        e.filing?.filedBy ?? null,
        e.filing ? bangkokTimestamp(new Date(e.filing.filedAt)) : null,
      ]);
    }
  }
}

/** The recorded daily closes as CSV lines, in `lang`: amounts rounded half to even as the console shows them. */
export function* closesCsv(
  rows: Awaited<ReturnType<DailyCloses['recorded']>>,
  lang: Lang,
  line: CsvLine,
): Iterable<string> {
  yield line(headings(CLOSE_HEADINGS, lang));
  for (const r of rows) {
    yield line([
      r.day,
      channelName(r.channel, lang),
      r.orders,
      roundMoney(r.expected),
      roundMoney(r.statement_total),
      roundMoney(r.difference),
      r.username,
      bangkokTimestamp(r.closed_at),
      r.ordersNow,
      r.expectedNow,
    ]);
  }
}
