import type { DeskAlert } from './desk-alerts.ts';

/** What an alert may say about an order: its public id, side and amounts, never member data. */
export interface AlertOrder {
  public_id: string;
  type: 'buy' | 'sell';
  amount_thb: string;
  amount_usdt: string;
}

const SIDE = { buy: { en: 'buy', th: 'ซื้อ' }, sell: { en: 'sell', th: 'ขาย' } } as const;

function facts(o: AlertOrder): string {
  return `${o.public_id} · ${SIDE[o.type].en}/${SIDE[o.type].th} · ${o.amount_thb} THB · ${o.amount_usdt} USDT`;
}

/** A member confirmed an order: it waits for staff. */
export function orderWaiting(o: AlertOrder): DeskAlert {
  return {
    kind: 'desk.orderWaiting',
    subject: `Order waiting for staff / รายการรอเจ้าหน้าที่: ${o.public_id}`,
    text: [
      'An order waits for staff in the back office.',
      'มีรายการรอเจ้าหน้าที่ตรวจสอบในระบบหลังบ้าน',
      facts(o),
    ].join('\n'),
  };
}

/** A large payout was prepared and waits for a second staff member's approval (decision 0068). */
export function payoutAwaitingApproval(o: AlertOrder, preparedBy: string): DeskAlert {
  return {
    kind: 'desk.payoutAwaitingApproval',
    subject: `Payout awaiting approval / การจ่ายเงินรออนุมัติ: ${o.public_id}`,
    text: [
      `A large payout prepared by ${preparedBy} waits for another staff member's approval.`,
      `การจ่ายเงินจำนวนมากที่ ${preparedBy} เตรียมไว้ รอเจ้าหน้าที่อีกคนอนุมัติ`,
      facts(o),
    ].join('\n'),
  };
}

/**
 * An order has waited for staff longer than the web setting orderWaitAlertMinutes (decision 0082):
 * `waitedMinutes` since the member confirmed it.
 */
export function orderWaitingLong(o: AlertOrder, waitedMinutes: number, settingMinutes: number): DeskAlert {
  return {
    kind: 'desk.orderWaitingLong',
    subject: `Order waiting over ${settingMinutes} min / รายการรอเกิน ${settingMinutes} นาที: ${o.public_id}`,
    text: [
      `An order has waited ${waitedMinutes} minutes for staff (the alert is set at ${settingMinutes} minutes). Please handle it in the back office.`,
      `มีรายการรอเจ้าหน้าที่มาแล้ว ${waitedMinutes} นาที (ตั้งให้แจ้งเตือนที่ ${settingMinutes} นาที) โปรดดำเนินการในระบบหลังบ้าน`,
      facts(o),
    ].join('\n'),
  };
}
