import type { Lang } from '@bahtdesk/contract';

/**
 * The OTP message in the member's language. It names the username too, so a member who forgot
 * both gets back in with one message.
 */
export function otpMessage(
  lang: Lang,
  otp: string,
  minutes: number,
  username: string,
): { subject: string; text: string } {
  return lang === 'th'
    ? {
        subject: 'รหัสสำหรับตั้งรหัสผ่านใหม่ BahtDesk',
        text: `รหัส OTP ของคุณคือ ${otp} ใช้ได้ภายใน ${minutes} นาที ชื่อผู้ใช้ของคุณคือ ${username} หากคุณไม่ได้ขอตั้งรหัสผ่านใหม่ โปรดเพิกเฉยต่อข้อความนี้`,
      }
    : {
        subject: 'Your BahtDesk password reset code',
        text: `Your BahtDesk code is ${otp}. It is valid for ${minutes} minutes. Your username is ${username}. If you did not ask to reset your password, ignore this message.`,
      };
}

/** The forgot-username message in the member's language. */
export function usernameMessage(lang: Lang, username: string): { subject: string; text: string } {
  return lang === 'th'
    ? {
        subject: 'ชื่อผู้ใช้ BahtDesk ของคุณ',
        text: `ชื่อผู้ใช้ BahtDesk ของคุณคือ ${username} หากคุณไม่ได้ขอชื่อผู้ใช้ โปรดเพิกเฉยต่อข้อความนี้`,
      }
    : {
        subject: 'Your BahtDesk username',
        text: `Your BahtDesk username is ${username}. If you did not ask for it, ignore this message.`,
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
