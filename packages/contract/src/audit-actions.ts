import type { Lang } from './errors.ts';

/**
 * What each audit action means, in both languages, for the console's audit log (the raw action
 * stays in the row's tooltip, the filter and the CSV). An action missing here reads as its raw name.
 */
export const AUDIT_ACTION_WORDS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  'account.signUp': { en: 'Member signed up', th: 'สมาชิกสมัครสมาชิก' },
  'account.confirmOtp': { en: 'Member confirmed a one-time code', th: 'สมาชิกยืนยันรหัสครั้งเดียว' },
  'account.editProfile': { en: 'Member edited their profile', th: 'สมาชิกแก้ไขข้อมูลส่วนตัว' },
  'account.changePassword': { en: 'Member changed their password', th: 'สมาชิกเปลี่ยนรหัสผ่าน' },
  'account.requestPasswordReset': { en: 'Member asked to reset their password', th: 'สมาชิกขอตั้งรหัสผ่านใหม่' },
  'account.resetPassword': { en: 'Member reset their password', th: 'สมาชิกตั้งรหัสผ่านใหม่' },
  'account.requestUsername': { en: 'Member asked for their username', th: 'สมาชิกขอชื่อผู้ใช้' },
  'auth.signIn': { en: 'Member logged in', th: 'สมาชิกเข้าสู่ระบบ' },
  'auth.signOut': { en: 'Member logged out', th: 'สมาชิกออกจากระบบ' },
  'kyc.upload': { en: 'Member uploaded an identity document', th: 'สมาชิกอัปโหลดเอกสารยืนยันตัวตน' },
  'kyc.submit': { en: 'Member sent identity documents for review', th: 'สมาชิกส่งเอกสารยืนยันตัวตนให้ตรวจสอบ' },
  'kyc.verify': { en: 'Identity approved', th: 'อนุมัติการยืนยันตัวตน' },
  'kyc.fail': { en: 'Identity rejected', th: 'ไม่อนุมัติการยืนยันตัวตน' },
  'payments.addBankAccount': { en: 'Member added a bank account', th: 'สมาชิกเพิ่มบัญชีธนาคาร' },
  'payments.updateBankAccount': { en: 'Member changed a bank account', th: 'สมาชิกแก้ไขบัญชีธนาคาร' },
  'payments.deleteBankAccount': { en: 'Member removed a bank account', th: 'สมาชิกลบบัญชีธนาคาร' },
  'payments.addUsdtAddress': { en: 'Member added a USDT address', th: 'สมาชิกเพิ่มที่อยู่ USDT' },
  'payments.updateUsdtAddress': { en: 'Member changed a USDT address', th: 'สมาชิกแก้ไขที่อยู่ USDT' },
  'payments.deleteUsdtAddress': { en: 'Member removed a USDT address', th: 'สมาชิกลบที่อยู่ USDT' },
  'order.create': { en: 'Order placed', th: 'สร้างรายการ' },
  'order.confirm': { en: 'Payment sent for the order', th: 'ส่งหลักฐานการชำระเงินของรายการ' },
  'order.complete': { en: 'Order completed', th: 'รายการสำเร็จ' },
  'order.reject': { en: 'Order rejected', th: 'ปฏิเสธรายการ' },
  'order.expire': { en: 'Order expired', th: 'รายการหมดเวลา' },
  'order.bank_account.reveal': {
    en: 'Staff revealed an order’s bank account',
    th: 'เจ้าหน้าที่เปิดดูเลขบัญชีของรายการ',
  },
  'member.bank_account.reveal': {
    en: 'Staff revealed a member’s bank account',
    th: 'เจ้าหน้าที่เปิดดูเลขบัญชีของสมาชิก',
  },
  'member.sessions.end': {
    en: 'Staff signed a member out everywhere',
    th: 'เจ้าหน้าที่ให้สมาชิกออกจากระบบทุกเครื่อง',
  },
  'order.payout.prepare': {
    en: 'Large payout prepared for a second staff member',
    th: 'เตรียมจ่ายยอดใหญ่ รอเจ้าหน้าที่อีกคนอนุมัติ',
  },
  'order.payout.send_back': { en: 'Prepared payout sent back', th: 'ส่งการจ่ายที่เตรียมไว้กลับ' },
  'member.level.set': { en: 'Member level changed', th: 'เปลี่ยนระดับสมาชิก' },
  'proof.submit': { en: 'Proof of income sent', th: 'ส่งหลักฐานรายได้' },
  'proof.accept': { en: 'Proof of income accepted', th: 'ยอมรับหลักฐานรายได้' },
  'line.link': { en: 'LINE account linked', th: 'เชื่อมบัญชี LINE' },
  'line.unlink': { en: 'LINE account unlinked', th: 'ยกเลิกการเชื่อมบัญชี LINE' },
  'line.group.join': { en: 'Desk LINE account added to a group', th: 'บัญชี LINE ของเดสก์ถูกเพิ่มเข้ากลุ่ม' },
  'proof.refuse': { en: 'Proof of income refused', th: 'ปฏิเสธหลักฐานรายได้' },
  'member.note.add': { en: 'Staff note added', th: 'เพิ่มบันทึกของเจ้าหน้าที่' },
  'member.flag.set': { en: 'Member flag set', th: 'ตั้งธงสมาชิก' },
  'member.flag.lift': { en: 'Member flag lifted', th: 'ยกเลิกธงสมาชิก' },
  'calendar.close_day': { en: 'Desk closed on a day', th: 'กำหนดวันปิดทำการ' },
  'calendar.open_day': { en: 'Desk open again on a day', th: 'เปิดทำการในวันที่เคยปิด' },
  'compliance.amlo_filed': { en: 'AMLO report marked filed', th: 'บันทึกว่ายื่นรายงานต่อ ปปง. แล้ว' },
  'compliance.day_closed': { en: 'Day closed against the statement', th: 'ปิดยอดประจำวันกับรายการเดินบัญชี' },
  'limits.unban': { en: 'Staff lifted a sign-in ban', th: 'เจ้าหน้าที่ยกเลิกการระงับการเข้าสู่ระบบ' },
  'outbox.read': { en: 'Staff read the outbox', th: 'เจ้าหน้าที่เปิดดูกล่องข้อความขาออก' },
  'rates.propose': { en: 'Rate proposed', th: 'เสนออัตราแลกเปลี่ยน' },
  'rates.approve': { en: 'Rate approved', th: 'อนุมัติอัตราแลกเปลี่ยน' },
  'rates.discard': { en: 'Rate proposal discarded', th: 'ยกเลิกข้อเสนออัตราแลกเปลี่ยน' },
  'rates.supersede': { en: 'Rate proposal replaced', th: 'แทนที่ข้อเสนออัตราแลกเปลี่ยน' },
  'rates.set': { en: 'Rate set', th: 'ตั้งอัตราแลกเปลี่ยน' },
  'settings.set': { en: 'Web setting changed', th: 'เปลี่ยนการตั้งค่าเว็บ' },
  'proposal.propose': { en: 'Change proposed for a second admin', th: 'เสนอการเปลี่ยนแปลงให้ผู้ดูแลระบบอีกคนอนุมัติ' },
  'proposal.approve': { en: 'Proposed change approved', th: 'อนุมัติการเปลี่ยนแปลงที่เสนอ' },
  'proposal.discard': { en: 'Proposed change discarded', th: 'ยกเลิกการเปลี่ยนแปลงที่เสนอ' },
  'proposal.supersede': { en: 'Proposed change replaced', th: 'แทนที่การเปลี่ยนแปลงที่เสนอ' },
  'change.alone': {
    en: 'Change made by one admin: the desk had fewer than two admins',
    th: 'ผู้ดูแลระบบคนเดียวเปลี่ยนแปลง เนื่องจากมีผู้ดูแลระบบไม่ถึงสองคน',
  },
  'news.create': { en: 'News written', th: 'เขียนข่าว' },
  'news.update': { en: 'News edited', th: 'แก้ไขข่าว' },
  'news.publish': { en: 'News published', th: 'เผยแพร่ข่าว' },
  'news.unpublish': { en: 'News withdrawn', th: 'ยกเลิกการเผยแพร่ข่าว' },
  'news.delete': { en: 'News deleted', th: 'ลบข่าว' },
  'page.create': { en: 'Page written', th: 'เขียนหน้าเว็บ' },
  'page.update': { en: 'Page edited', th: 'แก้ไขหน้าเว็บ' },
  'staff.signIn': { en: 'Staff logged in', th: 'เจ้าหน้าที่เข้าสู่ระบบ' },
  'staff.signOut': { en: 'Staff logged out', th: 'เจ้าหน้าที่ออกจากระบบ' },
  'staff.secondFactor': { en: 'Staff entered a second-factor code', th: 'เจ้าหน้าที่กรอกรหัสยืนยันขั้นที่สอง' },
  'staff.slowed': {
    en: 'Staff sign-in slowed after wrong codes',
    th: 'ชะลอการเข้าสู่ระบบของเจ้าหน้าที่หลังกรอกรหัสผิด',
  },
  'staff.enrolment.start': { en: 'Staff began second-factor setup', th: 'เจ้าหน้าที่เริ่มตั้งค่าการยืนยันขั้นที่สอง' },
  'staff.enrolment.confirm': { en: 'Staff finished second-factor setup', th: 'เจ้าหน้าที่ตั้งค่าการยืนยันขั้นที่สองเสร็จ' },
  'staff.changePassword': { en: 'Staff changed their password', th: 'เจ้าหน้าที่เปลี่ยนรหัสผ่าน' },
  'staff.create': { en: 'Staff account created', th: 'สร้างบัญชีเจ้าหน้าที่' },
  'staff.setRole': { en: 'Staff role changed', th: 'เปลี่ยนบทบาทเจ้าหน้าที่' },
  'staff.setDisabled': { en: 'Staff account switched on or off', th: 'เปิดหรือปิดบัญชีเจ้าหน้าที่' },
  'staff.resetSecondFactor': { en: 'Staff second factor reset', th: 'รีเซ็ตการยืนยันขั้นที่สองของเจ้าหน้าที่' },
  'staff.unlock': { en: 'Staff account unlocked', th: 'ปลดล็อกบัญชีเจ้าหน้าที่' },
  'staff.breakGlass': {
    en: 'Break-glass used on the server, without a staff sign-in',
    th: 'ใช้ทางเข้าฉุกเฉินบนเซิร์ฟเวอร์ โดยไม่ได้เข้าสู่ระบบในฐานะเจ้าหน้าที่',
  },
  'seed.demo': { en: 'Demo content loaded', th: 'โหลดข้อมูลตัวอย่าง' },
};

const COMMAND_LINE = 'cli:';

/**
 * The address of a sign-in and a change made on the operator command line, where a client's IP
 * address goes otherwise (decision 0092): `cli:<server user>`, the operating-system user who ran it.
 */
export const commandLineAddress = (osUser: string) => `${COMMAND_LINE}${osUser}`;

/** The server user of a command-line address; undefined for a client's IP address. */
export const commandLineUser = (address: string): string | undefined =>
  address.startsWith(COMMAND_LINE) ? address.slice(COMMAND_LINE.length) : undefined;

/** The action in words in `lang`, or its raw name when it has none. */
export function auditActionWords(action: string, lang: Lang): string {
  return AUDIT_ACTION_WORDS[action]?.[lang] ?? action;
}
