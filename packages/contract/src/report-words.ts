import type { KycDocumentType } from './endpoints/kyc.ts';
import type { Lang } from './errors.ts';
import { ORDER_REJECT_REASONS, type OrderRejectReason } from './order-reasons.ts';
import type { PaymentMethod, TransactionStatus, TransactionType } from './transaction-kinds.ts';

/**
 * The words CSV exports write for an order's codes, in the language the staff member chose: a
 * file read in a spreadsheet or by an auditor shows "Completed", never 'success'.
 */
const TYPES: Record<TransactionType, Record<Lang, string>> = {
  buy: { en: 'Buy USDT', th: 'ซื้อ USDT' },
  sell: { en: 'Sell USDT', th: 'ขาย USDT' },
};
const STATUSES: Record<TransactionStatus, Record<Lang, string>> = {
  pending: { en: 'Awaiting payment', th: 'รอชำระเงิน' },
  request: { en: 'Awaiting staff', th: 'รอเจ้าหน้าที่' },
  success: { en: 'Completed', th: 'สำเร็จ' },
  reject: { en: 'Rejected', th: 'ปฏิเสธแล้ว' },
  expired: { en: 'Expired', th: 'หมดเวลา' },
};
const METHODS: Record<PaymentMethod, Record<Lang, string>> = {
  cash_deposit: { en: 'Cash deposit (bank slip)', th: 'ฝากเงินสด (สลิปธนาคาร)' },
  cash_appointment: { en: 'Cash at the desk', th: 'ชำระเงินสดที่เคาน์เตอร์' },
  usdt_transfer: { en: 'USDT transfer', th: 'โอน USDT' },
};
const DOCUMENTS: Record<KycDocumentType, Record<Lang, string>> = {
  passport: { en: 'Passport', th: 'หนังสือเดินทาง' },
  thaiIdCard: { en: 'Thai ID card', th: 'บัตรประจำตัวประชาชน' },
};

export const reportWords = {
  type: (type: TransactionType, lang: Lang): string => TYPES[type][lang],
  status: (status: TransactionStatus, lang: Lang): string => STATUSES[status][lang],
  method: (method: PaymentMethod | null, lang: Lang): string => (method ? METHODS[method][lang] : ''),
  document: (type: KycDocumentType | null, lang: Lang): string => (type ? DOCUMENTS[type][lang] : ''),
  reason: (code: string | null, lang: Lang): string =>
    code && code in ORDER_REJECT_REASONS
      ? ORDER_REJECT_REASONS[code as OrderRejectReason][lang]
      : (code ?? ''),
};

/**
 * An instant as Bangkok wall-clock time with its offset, '2026-11-27T09:05:00+07:00': what a CSV
 * shows, so a reader in Thailand reads the desk's own time (Thailand keeps no daylight saving).
 */
export function bangkokTimestamp(instant: Date): string {
  const local = new Date(instant.getTime() + 7 * 3_600_000).toISOString();
  return `${local.slice(0, 19)}+07:00`;
}
