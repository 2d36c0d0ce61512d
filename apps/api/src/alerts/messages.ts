import { type BreakGlassCommand, noticeTime } from '@bahtdesk/contract';
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
 * `waitedMinutes` since the member confirmed it, or since its cash appointment's time.
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

const BREAK_GLASS_DID = {
  'staff:create': { en: 'created the admin account', th: 'สร้างบัญชีผู้ดูแลระบบ' },
  'staff:reset-second-factor': {
    en: 'removed the two-factor authentication of the admin account',
    th: 'ลบการยืนยันตัวตนสองขั้นตอนของบัญชีผู้ดูแลระบบ',
  },
  'staff:unlock': { en: 'unlocked the admin account', th: 'ปลดล็อกบัญชีผู้ดูแลระบบ' },
} as const;

/**
 * Someone on the server used break-glass (decision 0092): a staff change made without signing in,
 * as the operating-system user `osUser`. Names the command, the account and the user, no secret.
 */
export function breakGlassUsed(command: BreakGlassCommand, username: string, osUser: string): DeskAlert {
  const did = BREAK_GLASS_DID[command];
  return {
    kind: 'desk.breakGlass',
    subject: `Break-glass used on the server / มีการใช้ทางเข้าฉุกเฉินบนเซิร์ฟเวอร์: ${command} ${username}`,
    text: [
      `The server user ${osUser} ${did.en} ${username} with break-glass (npm run desk -- ${command} --break-glass), without a staff sign-in. If nobody at the desk meant to, treat it as a break-in: check the audit log and the staff accounts now.`,
      `ผู้ใช้ระบบ ${osUser} บนเซิร์ฟเวอร์${did.th} ${username} ด้วยทางเข้าฉุกเฉิน (npm run desk -- ${command} --break-glass) โดยไม่ได้เข้าสู่ระบบในฐานะเจ้าหน้าที่ หากไม่มีผู้ใดในร้านตั้งใจทำ ให้ถือว่าเป็นการบุกรุก และตรวจสอบบันทึกการตรวจสอบและบัญชีเจ้าหน้าที่ทันที`,
    ].join('\n'),
  };
}

/**
 * Many orders passed orderWaitAlertMinutes in one sweep (decision 0095): one message with their
 * count and the oldest, instead of one per order.
 */
export function ordersWaitingLong(
  count: number,
  oldest: AlertOrder,
  waitedMinutes: number,
  settingMinutes: number,
): DeskAlert {
  return {
    kind: 'desk.ordersWaitingLong',
    subject: `${count} orders waiting over ${settingMinutes} min / ${count} รายการรอเกิน ${settingMinutes} นาที`,
    text: [
      `${count} orders have waited for staff longer than ${settingMinutes} minutes; the oldest has waited ${waitedMinutes} minutes. Please handle them in the back office.`,
      `มี ${count} รายการรอเจ้าหน้าที่นานเกิน ${settingMinutes} นาที รายการที่รอนานที่สุดรอมาแล้ว ${waitedMinutes} นาที โปรดดำเนินการในระบบหลังบ้าน`,
      `Oldest / รายการที่รอนานที่สุด: ${facts(oldest)}`,
    ].join('\n'),
  };
}

/** What a process can lose (decision 0082): its database, or its event bus listener (decision 0054). */
export type OutagePart = 'database' | 'eventBus';

const PART = {
  database: { en: 'the database', th: 'ฐานข้อมูล' },
  eventBus: { en: 'the event bus', th: 'ระบบกระจายเหตุการณ์ (event bus)' },
} as const;

const parts = (list: readonly OutagePart[], lang: 'en' | 'th') =>
  list.map((p) => PART[p][lang]).join(lang === 'en' ? ' and ' : 'และ');

/** Both languages' Bangkok wall-clock of `at`. */
const when = (at: Date, lang: 'en' | 'th') => noticeTime(at, lang);

/**
 * A server process cannot reach its database or its event bus (decision 0082): sent straight to
 * the channels, not through the outbox. Names the process, never a connection string.
 */
export function processUnreachable(processName: string, list: readonly OutagePart[], since: Date): DeskAlert {
  const effects = {
    en: list.includes('database')
      ? 'Members and staff served by it get "service unavailable" until it reaches the database again.'
      : 'It reads everything from the database meanwhile; its open pages may miss live updates.',
    th: list.includes('database')
      ? 'สมาชิกและเจ้าหน้าที่ที่ใช้งานผ่านกระบวนการนี้จะพบข้อความ "ระบบไม่พร้อมให้บริการ" จนกว่าจะติดต่อฐานข้อมูลได้อีกครั้ง'
      : 'ระหว่างนี้กระบวนการจะอ่านข้อมูลจากฐานข้อมูลโดยตรง หน้าที่เปิดอยู่อาจไม่ได้รับการอัปเดตทันที',
  };
  return {
    kind: 'desk.processUnreachable',
    subject: `BahtDesk process cannot reach ${parts(list, 'en')} / กระบวนการ BahtDesk ติดต่อ${parts(list, 'th')}ไม่ได้`,
    text: [
      `BahtDesk process ${processName} cannot reach ${parts(list, 'en')} since ${when(since, 'en')} (Bangkok time). ${effects.en} Check PostgreSQL and the network to it.`,
      `กระบวนการ ${processName} ของ BahtDesk ติดต่อ${parts(list, 'th')}ไม่ได้ ตั้งแต่ ${when(since, 'th')} (เวลากรุงเทพฯ) ${effects.th} โปรดตรวจสอบ PostgreSQL และเครือข่าย`,
    ].join('\n'),
  };
}

/** The process reaches again what `processUnreachable` said it could not. */
export function processRecovered(
  processName: string,
  list: readonly OutagePart[],
  since: Date,
  until: Date,
): DeskAlert {
  const minutes = Math.max(1, Math.round((until.getTime() - since.getTime()) / 60_000));
  return {
    kind: 'desk.processRecovered',
    subject: `BahtDesk process reaches ${parts(list, 'en')} again / กระบวนการ BahtDesk ติดต่อ${parts(list, 'th')}ได้แล้ว`,
    text: [
      `BahtDesk process ${processName} reaches ${parts(list, 'en')} again. It could not from ${when(since, 'en')} to ${when(until, 'en')} (Bangkok time, about ${minutes} min).`,
      `กระบวนการ ${processName} ของ BahtDesk ติดต่อ${parts(list, 'th')}ได้อีกครั้งแล้ว ติดต่อไม่ได้ตั้งแต่ ${when(since, 'th')} ถึง ${when(until, 'th')} (เวลากรุงเทพฯ ประมาณ ${minutes} นาที)`,
    ].join('\n'),
  };
}
