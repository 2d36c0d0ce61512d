import type { Lang } from './errors.ts';
import type { PaymentMethod } from './transaction-kinds.ts';

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
  usdtNotReceived: {
    en: 'We have not received your USDT on the network of the order.',
    th: 'เรายังไม่ได้รับ USDT ของคุณบนเครือข่ายของรายการนี้',
  },
  appointmentMissed: {
    en: 'You did not come to the appointment.',
    th: 'คุณไม่ได้มาตามนัดหมาย',
  },
  other: { en: 'Another reason (see the note).', th: 'เหตุผลอื่น (ดูหมายเหตุ)' },
} as const;

export type OrderRejectReason = keyof typeof REASONS;
export const ORDER_REJECT_REASONS: Record<OrderRejectReason, Record<Lang, string>> = REASONS;
export const ORDER_REJECT_REASON_CODES = Object.keys(REASONS) as OrderRejectReason[];

/**
 * The reasons that make sense for an order paid by `method` (a sell is never rejected for its slip,
 * an appointment for an unread screenshot); `amountMismatch` and `other` fit every order.
 */
const FITS: Record<OrderRejectReason, readonly PaymentMethod[]> = {
  nameMismatch: ['cash_deposit'],
  amountMismatch: ['cash_deposit', 'cash_appointment', 'usdt_transfer'],
  paymentNotReceived: ['cash_deposit'],
  slipUnreadable: ['cash_deposit', 'usdt_transfer'],
  duplicateSlip: ['cash_deposit'],
  usdtNotReceived: ['usdt_transfer'],
  appointmentMissed: ['cash_appointment'],
  other: ['cash_deposit', 'cash_appointment', 'usdt_transfer'],
};

export function rejectReasonFits(reason: OrderRejectReason, method: PaymentMethod): boolean {
  return FITS[reason].includes(method);
}

/** The reasons staff may choose for an order paid by `method`, in the catalogue's order. */
export function rejectReasonsFor(method: PaymentMethod): OrderRejectReason[] {
  return ORDER_REJECT_REASON_CODES.filter((code) => rejectReasonFits(code, method));
}
