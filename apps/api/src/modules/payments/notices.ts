import type { Lang } from '@bahtdesk/contract';
import type { PaymentEntry, PaymentType } from './repository.ts';

/**
 * The notice a member gets, by email and SMS, when a payout destination is added, changed or
 * deleted, in the language of the request: if it was not them, they know at once, and a new
 * destination cannot receive a payout before its cooling-off period ends.
 */
export type Verb = 'add' | 'update' | 'delete';

/** The last 4 characters only: a notice never carries a whole account number or address. */
const tail = (s: string) => `…${s.slice(-4)}`;

function describe(type: PaymentType, entry: PaymentEntry, lang: Lang): string {
  if (type === 'bank' && 'bankCode' in entry) {
    return lang === 'th'
      ? `บัญชีธนาคาร ${entry.bankCode} ${tail(entry.accountNumber)}`
      : `bank account ${entry.bankCode} ${tail(entry.accountNumber)}`;
  }
  const address = 'address' in entry ? entry.address : '';
  return lang === 'th' ? `ที่อยู่ USDT ${tail(address)}` : `USDT address ${tail(address)}`;
}

/** A date and time as the member reads it, in Bangkok time (th-TH shows the Buddhist era). */
export function bangkokTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function payoutChangeNotice(
  lang: Lang,
  verb: Verb,
  type: PaymentType,
  entry: PaymentEntry,
): { subject: string; text: string } {
  const what = describe(type, entry, lang);
  const when = bangkokTime(entry.usableFrom, lang);
  if (lang === 'th') {
    const done = { add: `มีการเพิ่ม${what}`, update: `มีการแก้ไข${what}`, delete: `มีการลบ${what}` }[verb];
    const usable = verb === 'delete' ? '' : ` ใช้รับเงินหรือเหรียญได้ตั้งแต่ ${when} (เวลากรุงเทพฯ)`;
    return {
      subject: 'BahtDesk: มีการเปลี่ยนแปลงบัญชีรับเงินของคุณ',
      text: `${done}ในบัญชี BahtDesk ของคุณ${usable} หากคุณไม่ได้ทำรายการนี้ โปรดเปลี่ยนรหัสผ่านทันทีและติดต่อเรา`,
    };
  }
  const done = { add: 'was added to', update: 'was changed in', delete: 'was deleted from' }[verb];
  const usable = verb === 'delete' ? '' : ` It can receive payouts from ${when} (Bangkok time).`;
  return {
    subject: 'BahtDesk: your payout details changed',
    text: `A ${what} ${done} your BahtDesk account.${usable} If this was not you, change your password now and contact us.`,
  };
}
