import type { Lang } from './errors.ts';

/**
 * The messages BahtDesk sends members outside the open page (decision 0078), in English and Thai.
 * A template belongs to a kind; members choose per kind which channels carry it, except the
 * security kinds, which always go by email (and SMS when they have a phone). `{{name}}`
 * placeholders are filled by `renderNotice`: amounts come formatted as on screen, times as Bangkok
 * wall-clock (Buddhist era in Thai). A message never carries a password, a code or a whole
 * account number or address (the last 4 characters at most).
 */
export const NOTICE_KINDS = [
  'orderCreated',
  'orderReceived',
  'orderCompleted',
  'orderRejected',
  'orderExpired',
  'identityReviewed',
  'limitsChanged',
  'payoutDestination',
  'newDevice',
  'passwordChanged',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Kinds that protect the account: always sent, by email and by SMS (decision 0078). */
export const SECURITY_NOTICE_KINDS: readonly NoticeKind[] = [
  'payoutDestination',
  'newDevice',
  'passwordChanged',
];

export const NOTICE_CHANNELS = ['email', 'sms', 'line'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Channels a member gets a kind by until they choose (decision 0078). */
export function defaultNoticeChannels(kind: NoticeKind): NoticeChannel[] {
  return SECURITY_NOTICE_KINDS.includes(kind) ? ['email', 'sms'] : ['email'];
}

interface Template {
  kind: NoticeKind;
  en: { subject: string; text: string };
  th: { subject: string; text: string };
}

const CONTACT_EN = 'If this was not you, change your password now and contact us.';
const CONTACT_TH = 'หากคุณไม่ได้ทำรายการนี้ โปรดเปลี่ยนรหัสผ่านทันทีและติดต่อเรา';

const TEMPLATES = {
  orderCreatedBuy: {
    kind: 'orderCreated',
    en: {
      subject: 'BahtDesk: buy order {{id}} placed',
      text: 'Your order {{id}}: {{thb}} THB for {{usdt}} USDT. Pay by {{deadline}} (Bangkok time) and confirm the payment in the app, or the order expires.',
    },
    th: {
      subject: 'BahtDesk: สร้างรายการซื้อ {{id}} แล้ว',
      text: 'รายการ {{id}} ของคุณ: {{thb}} บาท ได้ {{usdt}} USDT โปรดชำระเงินภายใน {{deadline}} (เวลากรุงเทพฯ) และยืนยันการชำระในแอป มิฉะนั้นรายการจะหมดอายุ',
    },
  },
  orderCreatedSell: {
    kind: 'orderCreated',
    en: {
      subject: 'BahtDesk: sell order {{id}} placed',
      text: 'Your order {{id}}: {{usdt}} USDT on {{network}} for {{thb}} THB. Send the USDT to the address shown in the app by {{deadline}} (Bangkok time) and confirm it there, or the order expires.',
    },
    th: {
      subject: 'BahtDesk: สร้างรายการขาย {{id}} แล้ว',
      text: 'รายการ {{id}} ของคุณ: {{usdt}} USDT บนเครือข่าย {{network}} ได้ {{thb}} บาท โปรดส่ง USDT ไปยังที่อยู่ที่แสดงในแอปภายใน {{deadline}} (เวลากรุงเทพฯ) และยืนยันในแอป มิฉะนั้นรายการจะหมดอายุ',
    },
  },
  orderReceived: {
    kind: 'orderReceived',
    en: {
      subject: 'BahtDesk: order {{id}} is being checked',
      text: 'We received your confirmation for order {{id}}. The desk is checking it; we will tell you the result.',
    },
    th: {
      subject: 'BahtDesk: กำลังตรวจสอบรายการ {{id}}',
      text: 'เราได้รับการยืนยันรายการ {{id}} ของคุณแล้ว ร้านกำลังตรวจสอบ และจะแจ้งผลให้คุณทราบ',
    },
  },
  orderCompletedBuy: {
    kind: 'orderCompleted',
    en: {
      subject: 'BahtDesk: order {{id}} is complete',
      text: 'Your order {{id}} is complete: {{usdt}} USDT was sent on {{network}}. Transaction hash: {{reference}}',
    },
    th: {
      subject: 'BahtDesk: รายการ {{id}} เสร็จสมบูรณ์',
      text: 'รายการ {{id}} ของคุณเสร็จสมบูรณ์: ส่ง {{usdt}} USDT บนเครือข่าย {{network}} แล้ว แฮชธุรกรรม: {{reference}}',
    },
  },
  orderCompletedSell: {
    kind: 'orderCompleted',
    en: {
      subject: 'BahtDesk: order {{id}} is complete',
      text: 'Your order {{id}} is complete: {{thb}} THB was transferred to your bank account. Transfer reference: {{reference}}',
    },
    th: {
      subject: 'BahtDesk: รายการ {{id}} เสร็จสมบูรณ์',
      text: 'รายการ {{id}} ของคุณเสร็จสมบูรณ์: โอน {{thb}} บาท เข้าบัญชีธนาคารของคุณแล้ว เลขอ้างอิงการโอน: {{reference}}',
    },
  },
  orderRejectedBuy: {
    kind: 'orderRejected',
    en: {
      subject: 'BahtDesk: order {{id}} was rejected',
      text: 'Your order {{id}} was rejected. Reason: {{reason}} If you already paid cash for this order, the desk returns it to you: contact the desk to arrange it.',
    },
    th: {
      subject: 'BahtDesk: รายการ {{id}} ถูกปฏิเสธ',
      text: 'รายการ {{id}} ของคุณถูกปฏิเสธ เหตุผล: {{reason}} หากคุณชำระเงินสดสำหรับรายการนี้แล้ว ร้านจะคืนเงินให้คุณ กรุณาติดต่อร้านเพื่อนัดการคืนเงิน',
    },
  },
  orderRejectedSell: {
    kind: 'orderRejected',
    en: {
      subject: 'BahtDesk: order {{id}} was rejected',
      text: 'Your order {{id}} was rejected. Reason: {{reason}} If you already sent USDT for this order, the desk sends it back to the address it came from, on the same network: contact the desk to arrange it.',
    },
    th: {
      subject: 'BahtDesk: รายการ {{id}} ถูกปฏิเสธ',
      text: 'รายการ {{id}} ของคุณถูกปฏิเสธ เหตุผล: {{reason}} หากคุณส่ง USDT สำหรับรายการนี้แล้ว ร้านจะส่งคืนไปยังที่อยู่ที่ส่งมา บนเครือข่ายเดิม กรุณาติดต่อร้านเพื่อนัดการคืน',
    },
  },
  orderExpired: {
    kind: 'orderExpired',
    en: {
      subject: 'BahtDesk: order {{id}} expired',
      text: 'The time to pay your order {{id}} ran out at {{deadline}} (Bangkok time). You can place a new order.',
    },
    th: {
      subject: 'BahtDesk: รายการ {{id}} หมดอายุ',
      text: 'หมดเวลาชำระรายการ {{id}} ของคุณเมื่อ {{deadline}} (เวลากรุงเทพฯ) คุณสร้างรายการใหม่ได้',
    },
  },
  identityVerified: {
    kind: 'identityReviewed',
    en: {
      subject: 'BahtDesk: your identity is verified',
      text: 'Your identity is verified. You can now buy and sell USDT.',
    },
    th: {
      subject: 'BahtDesk: ยืนยันตัวตนของคุณแล้ว',
      text: 'ยืนยันตัวตนของคุณเรียบร้อยแล้ว ตอนนี้คุณซื้อขาย USDT ได้',
    },
  },
  identityRefused: {
    kind: 'identityReviewed',
    en: {
      subject: 'BahtDesk: your identity was not verified',
      text: 'Your identity could not be verified. Reason: {{reason}} Please send your documents again in the app.',
    },
    th: {
      subject: 'BahtDesk: ยืนยันตัวตนไม่ผ่าน',
      text: 'ยืนยันตัวตนของคุณไม่ผ่าน เหตุผล: {{reason}} โปรดส่งเอกสารอีกครั้งในแอป',
    },
  },
  levelChanged: {
    kind: 'limitsChanged',
    en: {
      subject: 'BahtDesk: your level changed',
      text: 'Your account is now level {{level}}. Your new trading limits are on the Limits page.',
    },
    th: {
      subject: 'BahtDesk: ระดับบัญชีของคุณเปลี่ยนแล้ว',
      text: 'บัญชีของคุณเป็นระดับ {{level}} แล้ว ดูวงเงินซื้อขายใหม่ได้ที่หน้าวงเงิน',
    },
  },
  payoutsHeld: {
    kind: 'limitsChanged',
    en: {
      subject: 'BahtDesk: payouts on hold',
      text: 'The desk has put payouts to your account on hold while it checks it. Contact the desk for details.',
    },
    th: {
      subject: 'BahtDesk: ระงับการจ่ายเงินชั่วคราว',
      text: 'ร้านระงับการจ่ายเงินและเหรียญให้บัญชีของคุณชั่วคราวระหว่างการตรวจสอบ ติดต่อร้านเพื่อสอบถามรายละเอียด',
    },
  },
  payoutsReleased: {
    kind: 'limitsChanged',
    en: {
      subject: 'BahtDesk: payouts resumed',
      text: 'The hold on payouts to your account is lifted.',
    },
    th: {
      subject: 'BahtDesk: กลับมาจ่ายเงินตามปกติ',
      text: 'ยกเลิกการระงับการจ่ายเงินและเหรียญให้บัญชีของคุณแล้ว',
    },
  },
  tradingBlocked: {
    kind: 'limitsChanged',
    en: {
      subject: 'BahtDesk: trading paused',
      text: 'The desk has paused new orders on your account. Contact the desk for details.',
    },
    th: {
      subject: 'BahtDesk: ระงับการซื้อขายชั่วคราว',
      text: 'ร้านระงับการสร้างรายการใหม่ของบัญชีคุณชั่วคราว ติดต่อร้านเพื่อสอบถามรายละเอียด',
    },
  },
  tradingUnblocked: {
    kind: 'limitsChanged',
    en: {
      subject: 'BahtDesk: trading resumed',
      text: 'You can place orders again.',
    },
    th: {
      subject: 'BahtDesk: กลับมาซื้อขายได้แล้ว',
      text: 'คุณสร้างรายการซื้อขายได้อีกครั้ง',
    },
  },
  payoutAdded: {
    kind: 'payoutDestination',
    en: {
      subject: 'BahtDesk: your payout details changed',
      text: `A {{what}} was added to your BahtDesk account. It can receive payouts from {{usableFrom}} (Bangkok time). ${CONTACT_EN}`,
    },
    th: {
      subject: 'BahtDesk: มีการเปลี่ยนแปลงบัญชีรับเงินของคุณ',
      text: `มีการเพิ่ม{{what}}ในบัญชี BahtDesk ของคุณ ใช้รับเงินหรือเหรียญได้ตั้งแต่ {{usableFrom}} (เวลากรุงเทพฯ) ${CONTACT_TH}`,
    },
  },
  payoutChanged: {
    kind: 'payoutDestination',
    en: {
      subject: 'BahtDesk: your payout details changed',
      text: `A {{what}} was changed in your BahtDesk account. It can receive payouts from {{usableFrom}} (Bangkok time). ${CONTACT_EN}`,
    },
    th: {
      subject: 'BahtDesk: มีการเปลี่ยนแปลงบัญชีรับเงินของคุณ',
      text: `มีการแก้ไข{{what}}ในบัญชี BahtDesk ของคุณ ใช้รับเงินหรือเหรียญได้ตั้งแต่ {{usableFrom}} (เวลากรุงเทพฯ) ${CONTACT_TH}`,
    },
  },
  payoutDeleted: {
    kind: 'payoutDestination',
    en: {
      subject: 'BahtDesk: your payout details changed',
      text: `A {{what}} was deleted from your BahtDesk account. ${CONTACT_EN}`,
    },
    th: {
      subject: 'BahtDesk: มีการเปลี่ยนแปลงบัญชีรับเงินของคุณ',
      text: `มีการลบ{{what}}ในบัญชี BahtDesk ของคุณ ${CONTACT_TH}`,
    },
  },
  newDevice: {
    kind: 'newDevice',
    en: {
      subject: 'BahtDesk: new sign-in',
      text: `Your account was signed in to from a new device ({{device}}) at {{at}} (Bangkok time). ${CONTACT_EN}`,
    },
    th: {
      subject: 'BahtDesk: มีการเข้าสู่ระบบใหม่',
      text: `มีการเข้าสู่ระบบบัญชีของคุณจากอุปกรณ์ใหม่ ({{device}}) เมื่อ {{at}} (เวลากรุงเทพฯ) ${CONTACT_TH}`,
    },
  },
  passwordChanged: {
    kind: 'passwordChanged',
    en: {
      subject: 'BahtDesk: password changed',
      text: `The password of your BahtDesk account was changed at {{at}} (Bangkok time). ${CONTACT_EN}`,
    },
    th: {
      subject: 'BahtDesk: เปลี่ยนรหัสผ่านแล้ว',
      text: `มีการเปลี่ยนรหัสผ่านบัญชี BahtDesk ของคุณเมื่อ {{at}} (เวลากรุงเทพฯ) ${CONTACT_TH}`,
    },
  },
} as const satisfies Record<string, Template>;

export type NoticeTemplate = keyof typeof TEMPLATES;
export const NOTICE_TEMPLATES: Record<NoticeTemplate, Template> = TEMPLATES;

/** A placeholder's value: text, an instant (shown in Bangkok time), or text in each language. */
export type NoticeParam = string | Date | Record<Lang, string>;

/** Each language's formatter, made on first use: making one costs far more than formatting with it. */
const noticeTimeFormats = new Map<Lang, Intl.DateTimeFormat>();

/** A date and time as the member reads it on screen, in Bangkok time (th-TH shows the Buddhist era). */
export function noticeTime(instant: Date, lang: Lang): string {
  let format = noticeTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
      timeZone: 'Asia/Bangkok',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    noticeTimeFormats.set(lang, format);
  }
  return format.format(instant);
}

/** The template in `lang` with its placeholders filled; a placeholder with no value stays visible. */
export function renderNotice(
  template: NoticeTemplate,
  lang: Lang,
  params: Record<string, NoticeParam>,
): { kind: NoticeKind; subject: string; text: string } {
  const t = NOTICE_TEMPLATES[template];
  const fill = (s: string) =>
    s.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      if (typeof value === 'string') return value;
      if (value instanceof Date) return noticeTime(value, lang);
      return value[lang];
    });
  return { kind: t.kind, subject: fill(t[lang].subject), text: fill(t[lang].text) };
}
