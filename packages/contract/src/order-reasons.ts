import type { Lang } from './errors.ts';

/**
 * The common reasons staff give for rejecting an order, in both languages, so a member reads the
 * reason in their own language. `other` needs the staff's note in both languages.
 */
const REASONS = {
  nameMismatch: {
    en: 'The name on the slip is not the name on your account.',
    th: 'ชื่อบนสลิปไม่ตรงกับชื่อในบัญชีของคุณ',
  },
  amountMismatch: {
    en: 'The amount paid is not the amount of the order.',
    th: 'จำนวนเงินที่ชำระไม่ตรงกับยอดของรายการ',
  },
  paymentNotReceived: {
    en: 'We have not received your payment.',
    th: 'เรายังไม่ได้รับการชำระเงินของคุณ',
  },
  slipUnreadable: {
    en: 'The slip or screenshot cannot be read.',
    th: 'สลิปหรือภาพหน้าจออ่านไม่ได้',
  },
  duplicateSlip: {
    en: 'This slip was already used for another order.',
    th: 'สลิปนี้ถูกใช้กับรายการอื่นแล้ว',
  },
  other: { en: 'Another reason (see the note).', th: 'เหตุผลอื่น (ดูหมายเหตุ)' },
} as const;

export type OrderRejectReason = keyof typeof REASONS;
export const ORDER_REJECT_REASONS: Record<OrderRejectReason, Record<Lang, string>> = REASONS;
export const ORDER_REJECT_REASON_CODES = Object.keys(REASONS) as OrderRejectReason[];
