import type { Lang } from '@bahtdesk/contract';

/** The OTP message in the member's language, and how its destination is shown back partly hidden. */
export function otpMessage(lang: Lang, otp: string, minutes: number): { subject: string; text: string } {
  return lang === 'th'
    ? {
        subject: 'รหัสสำหรับตั้งรหัสผ่านใหม่ BahtDesk',
        text: `รหัส OTP ของคุณคือ ${otp} ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้ขอตั้งรหัสผ่านใหม่ โปรดเพิกเฉยต่อข้อความนี้`,
      }
    : {
        subject: 'Your BahtDesk password reset code',
        text: `Your BahtDesk code is ${otp}. It is valid for ${minutes} minutes. If you did not ask to reset your password, ignore this message.`,
      };
}

/** s***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** 081***5678 */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}***${phone.slice(-4)}`;
}
