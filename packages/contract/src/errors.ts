/**
 * The error catalogue: every body code the API can answer with, its HTTP status and its
 * English and Thai message (docs/product.md, Error codes, lists the ranges). Where the product
 * gives a range without wording, the wording here is ours and is the only copy of it.
 */
export type Lang = 'en' | 'th';

export interface ErrorDef {
  readonly code: number;
  readonly status: number;
  readonly en: string;
  readonly th: string;
  /**
   * Sharper wordings of the same code for one case, keyed by a detail the validator knows (for
   * 10021 the address format of the chosen network); see validators/messages.ts.
   */
  readonly variants?: Readonly<Record<string, { readonly en: string; readonly th: string }>>;
}

/** A catalogue entry (the member app keeps the Thai message's compounds whole on a line, thai-terms.ts). */
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
  TOO_MANY_REQUESTS: def(
    429,
    429,
    'Too many requests. Please try again shortly.',
    'มีคำขอมากเกินไป กรุณาลองใหม่อีกครั้งในภายหลัง',
  ),
  // The codes the product names, with its wording where it gives one.
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
  // 10001-10039: members, their credentials, OTP, bank accounts and USDT addresses (10037 to 10039
  // are project additions: the spec's range ends at 10036).
  PASSWORD_NOT_FOUND: def(
    10001,
    404,
    'No password is set for this account. Please reset your password.',
    'บัญชีนี้ยังไม่ได้ตั้งรหัสผ่าน กรุณาตั้งรหัสผ่านใหม่',
  ),
  USERNAME_NOT_FOUND: def(10002, 404, 'Username not found.', 'ไม่พบชื่อผู้ใช้นี้'),
  PHONE_NOT_FOUND: def(10003, 404, 'No user found with this phone number.', 'ไม่พบผู้ใช้ที่ใช้หมายเลขโทรศัพท์นี้'),
  EMAIL_NOT_FOUND: def(10004, 404, 'Email address not found', 'ไม่พบอีเมลนี้'),
  BANK_ACCOUNT_NOT_FOUND: def(10005, 404, 'Bank account not found.', 'ไม่พบบัญชีธนาคารนี้'),
  EXCHANGE_NICKNAME_NOT_FOUND: def(
    10006,
    404,
    'No USDT address found with this nickname.',
    'ไม่พบที่อยู่ USDT ที่ใช้ชื่อเล่นนี้',
  ),
  NETWORK_NOT_FOUND: def(10007, 404, 'Network not found.', 'ไม่พบเครือข่ายนี้'),
  ADDRESS_NOT_FOUND: def(10008, 404, 'USDT address not found.', 'ไม่พบที่อยู่ USDT นี้'),
  USERNAME_TAKEN: def(10009, 409, 'This username already exists.', 'ชื่อผู้ใช้นี้มีผู้ใช้งานแล้ว'),
  USERNAME_SPECIAL_CHARS: def(
    10010,
    400,
    'Username must not contain special characters. Use letters or numbers only.',
    'ชื่อผู้ใช้ต้องไม่มีอักขระพิเศษ ใช้ได้เฉพาะตัวอักษรหรือตัวเลขเท่านั้น',
  ),
  WRONG_USER_ID: def(10011, 400, 'Wrong user ID.', 'รหัสผู้ใช้ไม่ถูกต้อง'),
  OTP_INCORRECT: def(10012, 400, 'OTP incorrect', 'รหัส OTP ไม่ถูกต้อง'),
  OTP_EXPIRED: def(
    10013,
    400,
    'The OTP has expired. Please request a new one.',
    'รหัส OTP หมดอายุแล้ว กรุณาขอรหัสใหม่',
  ),
  OTP_TOO_MANY_TRIES: def(
    10014,
    429,
    'Too many incorrect OTP attempts. Please request a new OTP.',
    'กรอกรหัส OTP ผิดเกินจำนวนครั้งที่กำหนด กรุณาขอรหัส OTP ใหม่',
  ),
  EMAIL_TAKEN: def(10015, 409, 'This email address is already registered.', 'อีเมลนี้ถูกลงทะเบียนแล้ว'),
  PHONE_TAKEN: def(10016, 409, 'This phone number is already registered.', 'หมายเลขโทรศัพท์นี้ถูกลงทะเบียนแล้ว'),
  CURRENT_PASSWORD_INCORRECT: def(10017, 400, 'Incorrect password', 'รหัสผ่านไม่ถูกต้อง'),
  BANK_ACCOUNT_LIMIT: def(
    10018,
    409,
    'You can save at most 10 bank accounts.',
    'คุณบันทึกบัญชีธนาคารได้สูงสุด 10 บัญชี',
  ),
  ADDRESS_LIMIT: def(
    10019,
    409,
    'You can save at most 10 USDT addresses.',
    'คุณบันทึกที่อยู่ USDT ได้สูงสุด 10 รายการ',
  ),
  BANK_ACCOUNT_NUMBER_INVALID: def(
    10020,
    400,
    'Invalid bank account number for the selected bank.',
    'เลขที่บัญชีไม่ถูกต้องสำหรับธนาคารที่เลือก',
  ),
  USDT_ADDRESS_INVALID: {
    ...def(10021, 400, 'Invalid USDT address for the selected network.', 'ที่อยู่ USDT ไม่ถูกต้องสำหรับเครือข่ายที่เลือก'),
    // Per address format (networks.ts); the ERC-20 wording is the product's (decision 0002).
    variants: {
      evm: { en: 'Invalid USDT Address (ERC-20)', th: 'ที่อยู่ USDT ไม่ถูกต้อง (ERC-20)' },
      bep2: { en: 'Invalid USDT Address (BEP2)', th: 'ที่อยู่ USDT ไม่ถูกต้อง (BEP2)' },
      solana: { en: 'Invalid USDT Address (Solana)', th: 'ที่อยู่ USDT ไม่ถูกต้อง (Solana)' },
      tron: { en: 'Invalid USDT Address (TRC-20)', th: 'ที่อยู่ USDT ไม่ถูกต้อง (TRC-20)' },
    },
  },
  BANK_NOT_FOUND: def(10022, 404, 'Bank not found.', 'ไม่พบธนาคารนี้'),
  OTP_RESEND_TOO_SOON: def(
    10023,
    429,
    'Please wait until the countdown ends before requesting a new OTP.',
    'กรุณารอให้การนับถอยหลังสิ้นสุดก่อนขอรหัส OTP ใหม่',
  ),
  OTP_SESSION_INVALID: def(
    10024,
    400,
    'This password reset request is invalid or has already been used. Please request a new OTP.',
    'คำขอรีเซ็ตรหัสผ่านนี้ไม่ถูกต้องหรือถูกใช้ไปแล้ว กรุณาขอรหัส OTP ใหม่',
  ),
  USERNAME_LENGTH: def(
    10025,
    400,
    'Username must be 4 to 20 characters long.',
    'ชื่อผู้ใช้ต้องมีความยาว 4 ถึง 20 ตัวอักษร',
  ),
  PASSWORD_INVALID: def(
    10026,
    400,
    'Password must be 6 to 64 characters, using letters (A-Z, a-z) or numbers (0-9) only.',
    'รหัสผ่านต้องมีความยาว 6 ถึง 64 ตัวอักษร และใช้ได้เฉพาะตัวอักษร (A-Z, a-z) หรือตัวเลข (0-9) เท่านั้น',
  ),
  PASSWORD_CONFIRM_REQUIRED: def(10027, 400, 'Please confirm password', 'กรุณายืนยันรหัสผ่าน'),
  PASSWORD_MISMATCH: def(10028, 400, "Passwords don't match", 'รหัสผ่านไม่ตรงกัน'),
  OTP_FORMAT: def(10029, 400, 'The OTP must be exactly 6 digits.', 'รหัส OTP ต้องเป็นตัวเลข 6 หลักเท่านั้น'),
  NAME_INVALID: def(
    10030,
    400,
    'First and last name may contain Thai or English letters, with a space, hyphen or apostrophe between them, as on your passport (at most 100 characters).',
    "ชื่อและนามสกุลต้องเป็นตัวอักษรภาษาไทยหรือภาษาอังกฤษ คั่นได้ด้วยช่องว่าง ขีด (-) หรืออะพอสทรอฟี (') ตามหนังสือเดินทาง (ไม่เกิน 100 ตัวอักษร)",
  ),
  EMAIL_INVALID: def(10031, 400, 'Please enter a valid email address.', 'กรุณากรอกอีเมลให้ถูกต้อง'),
  PHONE_INVALID: def(
    10032,
    400,
    'Please enter a valid and complete phone number.',
    'กรุณากรอกหมายเลขโทรศัพท์ให้ถูกต้องและครบถ้วน',
  ),
  REQUIRED: def(10033, 400, 'This field is required.', 'กรุณากรอกข้อมูลในช่องนี้'),
  KYC_REQUIRED: def(
    10034,
    403,
    "You can't make a transaction. You haven't verified your identity yet.",
    'คุณยังไม่สามารถทำรายการได้ เนื่องจากยังไม่ได้ยืนยันตัวตน',
  ),
  USDT_ADDRESS_REQUIRED: def(
    10035,
    403,
    'You do not have a USDT Address, please add one before making a transaction.',
    'คุณยังไม่มีที่อยู่ USDT กรุณาเพิ่มที่อยู่ก่อนทำรายการ',
  ),
  KYC_ALREADY_SUBMITTED: def(
    10036,
    409,
    'Your identity verification has already been submitted or approved.',
    'คุณได้ส่งข้อมูลยืนยันตัวตนแล้ว หรือได้รับการยืนยันตัวตนแล้ว',
  ),
  PAYOUT_DESTINATION_COOLING_OFF: def(
    10037,
    409,
    'This bank account or USDT address was added or changed recently and cannot receive payouts yet.',
    'บัญชีธนาคารหรือที่อยู่ USDT นี้เพิ่งถูกเพิ่มหรือแก้ไข จึงยังไม่สามารถรับเงินหรือเหรียญได้ในขณะนี้',
  ),
  TOO_MANY_LOOKUPS: def(
    10038,
    429,
    'Too many attempts with details that are already in use. Please try again later.',
    'คุณลองใช้ข้อมูลที่มีผู้ใช้แล้วหลายครั้งเกินไป กรุณาลองใหม่อีกครั้งในภายหลัง',
  ),
  EXCHANGE_UID_INVALID: def(
    10039,
    400,
    'Please enter your exchange UID: 5 to 20 digits.',
    'กรุณากรอก UID ของบัญชีกระดานเทรด เป็นตัวเลข 5 ถึง 20 หลัก',
  ),
  // 10040: project addition (decision 0060).
  NETWORK_DISABLED: def(
    10040,
    400,
    'The desk does not take USDT on this network at the moment. Please choose another network.',
    'ขณะนี้ร้านไม่รับ USDT บนเครือข่ายนี้ กรุณาเลือกเครือข่ายอื่น',
  ),
  // 10044-10047: identity documents (project additions).
  ID_CARD_NUMBER_INVALID: def(
    10044,
    400,
    'Please enter the 13 digits of the number on your Thai ID card.',
    'กรุณากรอกเลขประจำตัวประชาชน 13 หลักตามบัตรประชาชน',
  ),
  ID_CARD_NUMBER_CHECK_DIGIT: def(
    10045,
    400,
    'This ID card number is not valid: its last digit does not match the others. Please check it against your card.',
    'เลขประจำตัวประชาชนนี้ไม่ถูกต้อง หลักสุดท้ายไม่ตรงกับหลักอื่น กรุณาตรวจสอบกับบัตรประชาชนอีกครั้ง',
  ),
  // 10053: a passport's number at identity upload (decision 0096).
  PASSPORT_NUMBER_INVALID: def(
    10053,
    400,
    'Please enter the number printed on your passport: 6 to 12 letters and digits.',
    'กรุณากรอกเลขที่หนังสือเดินทางตามที่พิมพ์ไว้ เป็นตัวอักษรและตัวเลข 6 ถึง 12 ตัว',
  ),
  USERNAME_RESEND_TOO_SOON: def(
    10048,
    429,
    'Please wait until the countdown ends before asking for your username again.',
    'กรุณารอให้การนับถอยหลังสิ้นสุดก่อนขอชื่อผู้ใช้อีกครั้ง',
  ),
  CASH_APPOINTMENT_ONLY: def(
    10052,
    400,
    'Please select only the "Make an appointment for cash" transaction type.',
    'กรุณาเลือกประเภทรายการ "นัดหมายชำระเงินสด" เท่านั้น',
  ),

  // 20001-20002: coins.
  COIN_NOT_FOUND: def(20001, 404, 'Coin not found.', 'ไม่พบเหรียญนี้'),
  COIN_EXISTS: def(20002, 409, 'This coin already exists.', 'เหรียญนี้มีอยู่แล้ว'),

  // 30001-30026: web settings (back office).
  SETTINGS_NOT_FOUND: def(30001, 404, 'Web settings not found.', 'ไม่พบการตั้งค่าเว็บไซต์'),
  SETTINGS_INVALID: def(30002, 400, 'Invalid web settings.', 'การตั้งค่าเว็บไซต์ไม่ถูกต้อง'),
  QR_UPLOAD_FAILED: def(30003, 400, 'QR code image upload failed.', 'อัปโหลดรูป QR Code ไม่สำเร็จ'),
  SETTINGS_ACCOUNT_REQUIRED: def(30004, 400, 'At least 1 account is required.', 'ต้องมีบัญชีอย่างน้อย 1 บัญชี'),
  DESK_BANK_ACCOUNT_NOT_FOUND: def(30005, 404, 'Desk bank account not found.', 'ไม่พบบัญชีธนาคารของร้าน'),
  DESK_BANK_ACCOUNT_INVALID: def(
    30006,
    400,
    'Invalid desk bank account details.',
    'ข้อมูลบัญชีธนาคารของร้านไม่ถูกต้อง',
  ),
  RECEIVE_ADDRESS_NOT_FOUND: def(
    30007,
    404,
    'No receiving address is set for this network.',
    'ยังไม่ได้ตั้งค่าที่อยู่รับเหรียญสำหรับเครือข่ายนี้',
  ),
  RECEIVE_ADDRESS_INVALID: def(
    30008,
    400,
    'Invalid receiving address for this network.',
    'ที่อยู่รับเหรียญไม่ถูกต้องสำหรับเครือข่ายนี้',
  ),
  LOCATION_NOT_FOUND: def(30009, 404, 'Appointment location not found.', 'ไม่พบสถานที่นัดหมาย'),
  LOCATION_INVALID: def(30010, 400, 'Invalid appointment location details.', 'ข้อมูลสถานที่นัดหมายไม่ถูกต้อง'),
  PAYMENT_DEADLINE_INVALID: def(
    30011,
    400,
    'The payment deadline must be a whole number of minutes greater than zero.',
    'ระยะเวลาชำระเงินต้องเป็นจำนวนนาทีเต็มที่มากกว่าศูนย์',
  ),
  CASH_CEILING_INVALID: def(
    30012,
    400,
    'Invalid cash deposit ceiling amount.',
    'ยอดเงินสูงสุดสำหรับการฝากเงินสดไม่ถูกต้อง',
  ),
  CONTACT_LINK_INVALID: def(30013, 400, 'Invalid chat-app contact link.', 'ลิงก์ติดต่อผ่านแอปแชทไม่ถูกต้อง'),
  MAINTENANCE_STATUS_INVALID: def(
    30014,
    400,
    'Maintenance status must be on or off.',
    'สถานะการปิดปรับปรุงต้องเป็น on หรือ off เท่านั้น',
  ),
  FEE_INVALID: def(
    30015,
    400,
    'Invalid sell fee. It must be a percentage of at least 0 and below 100, with at most 3 decimals.',
    'ค่าธรรมเนียมการขายไม่ถูกต้อง ต้องเป็นเปอร์เซ็นต์ตั้งแต่ 0 แต่ไม่ถึง 100 และมีทศนิยมไม่เกิน 3 ตำแหน่ง',
  ),
  NEWS_NOT_FOUND: def(30016, 404, 'News item not found.', 'ไม่พบข่าวนี้'),
  NEWS_INVALID: def(
    30017,
    400,
    'Invalid news item. A title and content are required in both languages.',
    'ข้อมูลข่าวไม่ถูกต้อง ต้องมีหัวข้อและเนื้อหาทั้งภาษาไทยและภาษาอังกฤษ',
  ),
  HTML_PAGE_NOT_FOUND: def(30018, 404, 'Page not found.', 'ไม่พบหน้านี้'),
  HTML_PAGE_INVALID: def(
    30019,
    400,
    'Invalid page. A link name and content in both languages are required.',
    'ข้อมูลหน้าไม่ถูกต้อง ต้องมีชื่อลิงก์และเนื้อหาทั้งภาษาไทยและภาษาอังกฤษ',
  ),
  NEWS_IMAGE_UPLOAD_FAILED: def(30020, 400, 'News image upload failed.', 'อัปโหลดรูปภาพข่าวไม่สำเร็จ'),
  STAFF_NOT_FOUND: def(30021, 404, 'Staff account not found.', 'ไม่พบบัญชีเจ้าหน้าที่'),
  STAFF_USERNAME_TAKEN: def(30022, 409, 'This staff username already exists.', 'ชื่อผู้ใช้ของเจ้าหน้าที่นี้มีผู้ใช้งานแล้ว'),
  STAFF_TOTP_INCORRECT: def(
    30023,
    401,
    'Incorrect two-factor authentication code.',
    'รหัสยืนยันตัวตนสองขั้นตอนไม่ถูกต้อง',
  ),
  STAFF_TOTP_REQUIRED: def(30024, 401, 'Two-factor authentication is required.', 'กรุณายืนยันตัวตนแบบสองขั้นตอน'),
  SETTINGS_CONFLICT: def(
    30025,
    409,
    'The settings were changed by someone else. Please reload and try again.',
    'มีผู้อื่นแก้ไขการตั้งค่าแล้ว กรุณาโหลดหน้าใหม่และลองอีกครั้ง',
  ),
  SETTINGS_FORBIDDEN: def(
    30026,
    403,
    'You do not have permission to change web settings.',
    'คุณไม่มีสิทธิ์แก้ไขการตั้งค่าเว็บไซต์',
  ),

  // 31002-31009: back-office staff, members and identity reviews (project additions; no spec code
  // covers them). 31001, a staff account's lock, is no longer answered (decision 0019).
  STAFF_ALREADY_ENROLLED: def(
    31002,
    409,
    'Two-factor authentication is already set up for this account.',
    'บัญชีนี้ตั้งค่าการยืนยันตัวตนสองขั้นตอนไว้แล้ว',
  ),
  STAFF_SELF_CHANGE: def(
    31003,
    409,
    'You cannot change the role of, or disable, your own account.',
    'คุณไม่สามารถเปลี่ยนบทบาทหรือปิดใช้งานบัญชีของตนเองได้',
  ),
  STAFF_PASSWORD_INVALID: def(
    31004,
    400,
    'The staff password must be 12 to 128 characters.',
    'รหัสผ่านของเจ้าหน้าที่ต้องมีความยาว 12 ถึง 128 ตัวอักษร',
  ),
  MEMBER_NOT_FOUND: def(31005, 404, 'Member not found.', 'ไม่พบสมาชิกนี้'),
  BAN_NOT_FOUND: def(31006, 404, 'This IP address is not banned.', 'ที่อยู่ IP นี้ไม่ได้ถูกระงับ'),
  KYC_SUBMISSION_NOT_FOUND: def(31007, 404, 'Identity submission not found.', 'ไม่พบคำขอยืนยันตัวตนนี้'),
  KYC_ALREADY_DECIDED: def(
    31008,
    409,
    'This identity submission has already been decided by another staff member.',
    'คำขอยืนยันตัวตนนี้ได้รับการพิจารณาโดยเจ้าหน้าที่คนอื่นแล้ว',
  ),
  KYC_REASON_REQUIRED: def(
    31009,
    400,
    'Please describe the reason for the rejection.',
    'กรุณาระบุเหตุผลที่ไม่อนุมัติ',
  ),
  // 31015-31019: the operator command line (decision 0092).
  STAFF_NOT_FIRST: def(
    31015,
    409,
    'The desk has a staff account already: an admin signs in to create more.',
    'ร้านมีบัญชีเจ้าหน้าที่อยู่แล้ว ผู้ดูแลระบบต้องเข้าสู่ระบบก่อนจึงจะสร้างบัญชีเพิ่มได้',
  ),
  // 31010-31013: project additions, changes that wait for a second admin (decision 0091).
  PROPOSAL_NOT_FOUND: def(31010, 404, 'Proposed change not found.', 'ไม่พบการเปลี่ยนแปลงที่เสนอรายการนี้'),
  PROPOSAL_OWN: def(
    31011,
    403,
    'Another admin must approve or discard a change you proposed.',
    'ผู้ดูแลระบบคนอื่นต้องเป็นผู้อนุมัติหรือยกเลิกการเปลี่ยนแปลงที่คุณเสนอ',
  ),
  PROPOSAL_DECIDED: def(
    31012,
    409,
    'This proposed change has already been decided or replaced by a later change.',
    'การเปลี่ยนแปลงที่เสนอนี้ได้รับการพิจารณาแล้ว หรือถูกแทนที่ด้วยการเปลี่ยนแปลงที่ใหม่กว่า',
  ),
  PROPOSAL_REQUIRED: def(
    31013,
    409,
    'Making an admin or operator account needs a second admin: propose it on the Staff screen of the back office.',
    'การสร้างบัญชีผู้ดูแลระบบหรือผู้ปฏิบัติงานต้องได้รับอนุมัติจากผู้ดูแลระบบอีกคน กรุณาเสนอในหน้าเจ้าหน้าที่ของระบบหลังบ้าน',
  ),

  // 40001-40010: rates.
  BUY_RATE_NOT_FOUND: def(40001, 404, 'Buy rate not found.', 'ไม่พบอัตราซื้อ'),
  SELL_RATE_NOT_FOUND: def(40002, 404, 'Sell rate not found.', 'ไม่พบอัตราขาย'),
  COIN_UNAVAILABLE: def(40003, 400, 'This coin is currently unavailable.', 'เหรียญนี้ไม่พร้อมให้บริการในขณะนี้'),
  RATE_INCORRECT: def(
    40004,
    400,
    'The rate is incorrect. It must be a positive number with at most 2 decimals.',
    'อัตราไม่ถูกต้อง ต้องเป็นจำนวนบวกที่มีทศนิยมไม่เกิน 2 ตำแหน่ง',
  ),
  TYPE_REQUIRED: def(40005, 400, 'Please specify buy or sell.', 'กรุณาระบุว่าต้องการซื้อหรือขาย'),
  BUY_UNAVAILABLE: def(40006, 400, 'Buying is temporarily unavailable.', 'ขณะนี้ปิดให้บริการซื้อชั่วคราว'),
  SELL_UNAVAILABLE: def(40007, 400, 'Selling is temporarily unavailable.', 'ขณะนี้ปิดให้บริการขายชั่วคราว'),
  RATE_HISTORY_NOT_FOUND: def(40008, 404, 'Rate history entry not found.', 'ไม่พบประวัติอัตราแลกเปลี่ยนรายการนี้'),
  FEE_NOT_FOUND: def(40009, 404, 'Sell fee not found.', 'ไม่พบค่าธรรมเนียมการขาย'),
  RATE_SPREAD_INVALID: def(
    40010,
    400,
    'The buy rate must not be lower than the sell rate.',
    'อัตราซื้อต้องไม่ต่ำกว่าอัตราขาย',
  ),
  // 40011-40014: project additions, a rate or fee change past the web settings' bounds (decisions 0045, 0090).
  RATE_CHANGE_UNCONFIRMED: def(
    40011,
    409,
    'The new rates or sell fee are far from the rates in force or from the reference rates. Check them and confirm the change.',
    'อัตราหรือค่าธรรมเนียมการขายใหม่ต่างจากอัตราที่ใช้อยู่หรืออัตราอ้างอิงมาก กรุณาตรวจสอบและยืนยันการเปลี่ยนแปลง',
  ),
  RATE_PROPOSAL_NOT_FOUND: def(40012, 404, 'Rate proposal not found.', 'ไม่พบข้อเสนออัตราแลกเปลี่ยนรายการนี้'),
  RATE_PROPOSAL_OWN: def(
    40013,
    403,
    'Another admin must approve or discard a rate change you proposed.',
    'ผู้ดูแลระบบคนอื่นต้องเป็นผู้อนุมัติหรือยกเลิกข้อเสนออัตราที่คุณเสนอ',
  ),
  RATE_PROPOSAL_DECIDED: def(
    40014,
    409,
    'This rate proposal has already been decided or replaced by a later change.',
    'ข้อเสนออัตรานี้ได้รับการพิจารณาแล้ว หรือถูกแทนที่ด้วยการเปลี่ยนแปลงที่ใหม่กว่า',
  ),
  // 40018-40020: project additions, the desk's calendar of closed days (decision 0058).
  CLOSED_DAY_INVALID: def(
    40018,
    400,
    'Please enter a real date and the name of the closed day in English and Thai (at most 80 characters each).',
    'กรุณากรอกวันที่ให้ถูกต้อง และชื่อวันหยุดทั้งภาษาอังกฤษและภาษาไทย (ไม่เกิน 80 ตัวอักษร)',
  ),
  CLOSED_DAY_EXISTS: def(40019, 409, 'The desk is already closed on this day.', 'วันนี้เป็นวันหยุดของร้านอยู่แล้ว'),
  CLOSED_DAY_NOT_FOUND: def(40020, 404, 'This day is not a closed day.', 'วันนี้ไม่ใช่วันหยุดของร้าน'),

  // 40021-40024: member levels and their limits (project additions; decision 0067).
  MEMBER_LEVEL_INVALID: def(40021, 400, 'Please choose level 1 or 2.', 'กรุณาเลือกระดับ 1 หรือ 2'),
  MEMBER_LEVEL_NOTE_REQUIRED: def(
    40022,
    400,
    'Please write a note saying why the level changes.',
    'กรุณาระบุหมายเหตุว่าเหตุใดจึงเปลี่ยนระดับ',
  ),
  MEMBER_LEVEL_NOT_VERIFIED: def(
    40023,
    409,
    'This member has not verified their identity yet, so they have no level to change.',
    'สมาชิกรายนี้ยังไม่ได้ยืนยันตัวตน จึงยังไม่มีระดับให้เปลี่ยน',
  ),
  TRADE_LIMITS_INVALID: def(
    40024,
    400,
    "Each limit must be a positive amount, a day's limit no more than the month's, and level 2's limits no lower than level 1's.",
    'วงเงินแต่ละรายการต้องเป็นจำนวนบวก วงเงินต่อวันต้องไม่เกินวงเงินต่อเดือน และวงเงินระดับ 2 ต้องไม่ต่ำกว่าระดับ 1',
  ),
  // 40030-40034: project additions, AMLO reports and daily closes (decision 0069).
  AMLO_ENTRY_NOT_FOUND: def(
    40030,
    404,
    'This entry is not in the AMLO report queue.',
    'ไม่พบรายการนี้ในคิวรายงานต่อ ปปง.',
  ),
  AMLO_ALREADY_FILED: def(
    40031,
    409,
    'This entry has already been marked as filed.',
    'รายการนี้ถูกบันทึกว่ายื่นรายงานแล้ว',
  ),
  CLOSE_INVALID: def(
    40032,
    400,
    "A close needs a Bangkok day and one of that day's channels.",
    'การปิดยอดต้องระบุวันที่ตามเวลากรุงเทพฯ และช่องทางหนึ่งของวันนั้น',
  ),
  CLOSE_ALREADY_DONE: def(
    40033,
    409,
    'This day has already been closed for this channel.',
    'ช่องทางนี้ปิดยอดของวันนั้นไปแล้ว',
  ),
  // 40050-40051: project additions, the daily close of ended days with exact amounts (decision 0096).
  CLOSE_DAY_NOT_ENDED: def(
    40050,
    409,
    "A day can be closed only once it has ended in Bangkok: close today's figures tomorrow.",
    'ปิดยอดได้เมื่อวันนั้นสิ้นสุดแล้วตามเวลากรุงเทพฯ เท่านั้น กรุณาปิดยอดของวันนี้ในวันพรุ่งนี้',
  ),
  CLOSE_AMOUNT_INVALID: def(
    40051,
    400,
    'Enter the statement total as an amount with at most 2 decimals, such as 12500.50 or -300.',
    'กรุณากรอกยอดตามรายการเดินบัญชีเป็นจำนวนเงินที่มีทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 12500.50 หรือ -300',
  ),
  // 40037-40040: project additions, member notices (decision 0078).
  NOTICE_SECURITY_CHANNELS: def(
    40037,
    400,
    'Security messages always go to your email and phone; they cannot be switched off.',
    'ข้อความด้านความปลอดภัยจะส่งถึงอีเมลและโทรศัพท์ของคุณเสมอ ปิดไม่ได้',
  ),
  NOTICE_LINE_UNAVAILABLE: def(
    40038,
    400,
    'LINE is not available for your account. Link LINE first.',
    'บัญชีของคุณยังใช้ LINE ไม่ได้ กรุณาเชื่อมต่อ LINE ก่อน',
  ),
  NOTICE_CHOICE_INVALID: def(
    40039,
    400,
    'Please choose a kind of message and its channels (email, SMS or LINE).',
    'กรุณาเลือกประเภทข้อความและช่องทาง (อีเมล SMS หรือ LINE)',
  ),

  // 40034-40036: staff decisions on proofs of income or assets (project additions; decision 0071).
  INCOME_PROOF_NOT_FOUND: def(
    40034,
    404,
    'This proof of income or assets was not found.',
    'ไม่พบหลักฐานรายได้หรือทรัพย์สินนี้',
  ),
  INCOME_PROOF_DECIDED: def(
    40035,
    409,
    'This proof has already been decided by another staff member.',
    'หลักฐานนี้ได้รับการพิจารณาโดยเจ้าหน้าที่คนอื่นแล้ว',
  ),
  INCOME_PROOF_REASON_REQUIRED: def(
    40036,
    400,
    'Please write a note for the member when the reason is "another reason".',
    'กรุณาเขียนหมายเหตุถึงสมาชิกเมื่อเลือกเหตุผลเป็น "เหตุผลอื่น"',
  ),

  // 50001-50040: orders, proofs and uploads (50037 to 50040 are project additions).
  COIN_REQUIRED: def(50001, 400, 'Please specify the coin.', 'กรุณาระบุเหรียญ'),
  RATE_REQUIRED: def(50002, 400, 'Please specify the rate.', 'กรุณาระบุอัตราแลกเปลี่ยน'),
  PROOF_REQUIRED: def(50003, 400, 'Please attach proof of payment.', 'กรุณาแนบหลักฐานการชำระเงิน'),
  AMOUNT_REQUIRED: def(50004, 400, 'Please enter the amount.', 'กรุณากรอกจำนวนเงิน'),
  ITEM_ID_REQUIRED: def(50005, 400, 'Please specify the transaction ID.', 'กรุณาระบุหมายเลขรายการ'),
  UPLOAD_FAILED: def(50006, 400, 'File upload failed. Please try again.', 'อัปโหลดไฟล์ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง'),
  IMAGE_TYPE_INVALID: def(
    50007,
    415,
    'Only JPG or PNG images are allowed.',
    'รองรับเฉพาะไฟล์รูปภาพ JPG หรือ PNG เท่านั้น',
  ),
  IMAGE_TOO_LARGE: def(50008, 413, 'The image is over 2 MB.', 'รูปภาพมีขนาดเกิน 2 MB'),
  IMAGE_REQUIRED: def(50009, 400, 'Please upload an image.', 'กรุณาอัปโหลดรูปภาพ'),
  KYC_INCOMPLETE: def(
    50010,
    400,
    'Please complete all identity verification information.',
    'กรุณากรอกข้อมูลยืนยันตัวตนให้ครบถ้วน',
  ),
  TRANSACTION_INVALID: def(50011, 400, 'Invalid transaction.', 'รายการไม่ถูกต้อง'),
  TRANSACTION_NOT_FOUND: def(50012, 404, 'Transaction not found.', 'ไม่พบรายการนี้'),
  TRANSACTION_EXPIRED: def(
    50013,
    409,
    "Sorry!, transaction time has expired. You can't make a transaction.",
    'ขออภัย หมดเวลาทำรายการแล้ว คุณไม่สามารถทำรายการนี้ได้',
  ),
  TRANSACTION_STATUS_INVALID: def(
    50014,
    409,
    'This transaction can no longer be changed in its current status.',
    'ไม่สามารถเปลี่ยนแปลงรายการนี้ได้ในสถานะปัจจุบัน',
  ),
  PAYMENT_DETAILS_REQUIRED: def(
    50015,
    400,
    'Please complete the payment details: deposit amount, date and time, and slip, or the appointment location.',
    'กรุณากรอกรายละเอียดการชำระเงินให้ครบถ้วน ได้แก่ จำนวนเงินที่ฝาก วันและเวลาที่ฝาก และสลิป หรือสถานที่นัดหมาย',
  ),
  IMAGE_UNREADABLE: def(
    50016,
    400,
    'The image could not be read. Please upload a valid JPG or PNG file.',
    'ไม่สามารถอ่านรูปภาพได้ กรุณาอัปโหลดไฟล์ JPG หรือ PNG ที่ถูกต้อง',
  ),
  RATE_MISMATCH: def(
    50017,
    409,
    'Incorrect exchange rate. The rate has changed; please check the new rate and try again.',
    'อัตราแลกเปลี่ยนไม่ถูกต้อง อัตรามีการเปลี่ยนแปลง กรุณาตรวจสอบอัตราใหม่แล้วลองอีกครั้ง',
  ),
  // 50028: project addition (decision 0061).
  REJECT_REASON_NOT_FIT: def(
    50028,
    400,
    'This reason does not apply to how this order was paid. Please choose another reason.',
    'เหตุผลนี้ไม่ตรงกับวิธีชำระเงินของรายการนี้ กรุณาเลือกเหตุผลอื่น',
  ),
  BUY_MIN: def(50021, 400, 'The minimum amount is 1,000 THB.', 'จำนวนเงินขั้นต่ำคือ 1,000 บาท'),
  SELL_MIN: def(50022, 400, 'The minimum amount is 100 USDT.', 'จำนวนขั้นต่ำคือ 100 USDT'),
  // The maximum is per order; the member's daily and monthly room is 50051/50052's (decision 0067).
  BUY_MAX: def(
    50023,
    400,
    'The maximum for one order is 3,000,000 THB.',
    'จำนวนเงินสูงสุดต่อรายการคือ 3,000,000 บาท',
  ),
  SELL_MAX: def(50024, 400, 'The maximum for one order is 100,000 USDT.', 'จำนวนสูงสุดต่อรายการคือ 100,000 USDT'),
  WRONG_FORMAT: def(
    50025,
    400,
    'Entered in the wrong format. Please enter a valid number.',
    'รูปแบบข้อมูลไม่ถูกต้อง กรุณากรอกตัวเลขให้ถูกต้อง',
  ),
  // 50032-50035: identity photos checked and kept before the submission (project additions).
  STAGED_IMAGE_NOT_FOUND: def(
    50032,
    404,
    'This photo is no longer on the server. Please choose it again.',
    'ไม่พบรูปภาพนี้ในระบบแล้ว กรุณาเลือกรูปภาพอีกครั้ง',
  ),
  STAGED_IMAGE_EXPIRED: def(
    50033,
    410,
    'This photo was checked too long ago. Please choose it again.',
    'รูปภาพนี้ตรวจสอบไว้นานเกินไปแล้ว กรุณาเลือกรูปภาพอีกครั้ง',
  ),
  STAGED_IMAGE_REPEATED: def(
    50034,
    400,
    'The same photo was chosen twice. Please choose a different photo for each step.',
    'เลือกรูปภาพเดียวกันซ้ำ กรุณาเลือกรูปภาพที่ต่างกันในแต่ละขั้นตอน',
  ),
  WEEKDAY_REQUIRED: def(
    50036,
    400,
    'Please select a business day that does not fall on Saturday or Sunday.',
    'กรุณาเลือกวันทำการที่ไม่ตรงกับวันเสาร์หรือวันอาทิตย์',
  ),
  IMAGE_TOO_MANY_PIXELS: def(
    50037,
    413,
    'The image has too many pixels (at most 4,096 pixels on its long side and 4,096 x 3,072 in all).',
    'รูปภาพมีจำนวนพิกเซลมากเกินไป (ด้านยาวไม่เกิน 4,096 พิกเซล และรวมไม่เกิน 4,096 x 3,072 พิกเซล)',
  ),
  IMAGE_ANIMATED: def(
    50038,
    415,
    'Animated images are not allowed. Please upload a still JPG or PNG photo.',
    'ไม่รองรับภาพเคลื่อนไหว กรุณาอัปโหลดรูปภาพนิ่ง JPG หรือ PNG',
  ),
  UPLOAD_LIMIT: def(
    50039,
    429,
    'Too many uploads. Please wait a few minutes and try again.',
    'อัปโหลดบ่อยเกินไป กรุณารอสักครู่แล้วลองอีกครั้ง',
  ),
  FILE_NOT_FOUND: def(50040, 404, 'File not found.', 'ไม่พบไฟล์นี้'),
  OPEN_ORDER_LIMIT: def(
    50041,
    409,
    'You have reached the number of open orders allowed. Please finish or wait for an open order first.',
    'คุณมีรายการที่ยังไม่เสร็จครบตามจำนวนที่กำหนดแล้ว กรุณาทำรายการเดิมให้เสร็จหรือรอผลก่อน',
  ),
  HOLIDAY_NOT_ALLOWED: def(
    50042,
    400,
    'The desk is closed on Thai bank holidays. Please choose another business day.',
    'ร้านปิดทำการในวันหยุดธนาคาร กรุณาเลือกวันทำการอื่น',
  ),
  APPOINTMENT_TIME_INVALID: def(
    50043,
    400,
    "Please choose a future time within the location's opening hours, at most 30 days ahead.",
    'กรุณาเลือกเวลาในอนาคตภายในเวลาทำการของสถานที่ และไม่เกิน 30 วันข้างหน้า',
  ),
  DEPOSIT_AMOUNT_MISMATCH: def(
    50044,
    400,
    'The deposited amount must be exactly the amount of the order.',
    'จำนวนเงินที่ฝากต้องเท่ากับยอดของรายการพอดี',
  ),
  ORDER_REASON_REQUIRED: def(
    50045,
    400,
    'Please give the reason in English and Thai.',
    'กรุณาระบุเหตุผลทั้งภาษาอังกฤษและภาษาไทย',
  ),
  SLIP_NAME_CHECK_REQUIRED: def(
    50046,
    400,
    "Please confirm that the name on the slip matches the member's name.",
    'กรุณายืนยันว่าชื่อบนสลิปตรงกับชื่อของสมาชิก',
  ),
  PAYOUT_REFERENCE_INVALID: def(
    50047,
    400,
    'Please enter the payout reference: the USDT transaction hash for a buy, the bank transfer reference for a sell.',
    'กรุณากรอกเลขอ้างอิงการจ่าย: แฮชธุรกรรม USDT สำหรับการซื้อ หรือเลขอ้างอิงการโอนเงินสำหรับการขาย',
  ),
  PAYOUT_NAME_CHECK_REQUIRED: def(
    50048,
    400,
    "This bank account is not in the member's name. Please confirm that you have checked it and still pay into it.",
    'บัญชีธนาคารนี้ไม่ใช่ชื่อของสมาชิก กรุณายืนยันว่าได้ตรวจสอบแล้วและยังคงจ่ายเงินเข้าบัญชีนี้',
  ),
  UPLOAD_IN_PROGRESS: def(
    50049,
    429,
    'Your other uploads are still being checked. Please wait for them to finish, then try again.',
    'รูปภาพที่อัปโหลดก่อนหน้ายังตรวจสอบไม่เสร็จ กรุณารอให้เสร็จก่อนแล้วลองอีกครั้ง',
  ),
  UPLOADS_BUSY: def(
    50050,
    503,
    'Many images are being checked right now. Please try again in a minute.',
    'ขณะนี้มีรูปภาพรอตรวจสอบจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  ),
  // 50051-50055: a member's buy and sell limits per level (project additions; decision 0067). The
  // refusal's message adds what is left today and this month (tradeLimitRefusal).
  BUY_LIMIT_REACHED: def(50051, 409, 'This order would pass your buying limit.', 'รายการนี้เกินวงเงินซื้อของคุณ'),
  SELL_LIMIT_REACHED: def(50052, 409, 'This order would pass your selling limit.', 'รายการนี้เกินวงเงินขายของคุณ'),
  // 50053-50055: a member's proof of income or assets (decision 0071).
  INCOME_PROOF_NOT_VERIFIED: def(
    50053,
    409,
    'Please verify your identity first: proof of income or assets is for verified members.',
    'กรุณายืนยันตัวตนก่อน หลักฐานรายได้หรือทรัพย์สินใช้สำหรับสมาชิกที่ยืนยันตัวตนแล้ว',
  ),
  INCOME_PROOF_ALREADY_LEVEL_2: def(
    50054,
    409,
    'Your account is already at level 2: there is no proof to send.',
    'บัญชีของคุณอยู่ในระดับ 2 แล้ว ไม่ต้องส่งหลักฐานเพิ่ม',
  ),
  INCOME_PROOF_WAITING: def(
    50055,
    409,
    'Your proof of income or assets is waiting for review. You can send another once it is decided.',
    'หลักฐานรายได้หรือทรัพย์สินของคุณกำลังรอการตรวจสอบ ส่งใหม่ได้เมื่อพิจารณาเสร็จแล้ว',
  ),
  // 50061-50063: refusals that keep one payment from backing two orders (project additions).
  TX_HASH_USED: def(
    50061,
    409,
    'This transaction hash was already sent for another order. Each transfer pays one order only.',
    'แฮชธุรกรรมนี้ถูกใช้กับรายการอื่นแล้ว การโอนหนึ่งครั้งใช้ชำระได้เพียงรายการเดียว',
  ),
  IDEMPOTENCY_KEY_REUSED: def(
    50062,
    422,
    'This request key was already used for a different request. Please start again.',
    'คีย์คำขอนี้ถูกใช้กับคำขออื่นแล้ว กรุณาเริ่มทำรายการใหม่',
  ),
  DEPOSIT_TIME_INVALID: def(
    50063,
    400,
    'The deposit time must be after the order was placed and not in the future.',
    'เวลาที่ฝากเงินต้องอยู่หลังเวลาที่สร้างรายการ และต้องไม่เป็นเวลาในอนาคต',
  ),
  // 50064-50065: the desk's ticks on completing a cash buy (after the member-side order codes 50061-50063).
  APPOINTMENT_EARLY_CHECK_REQUIRED: def(
    50064,
    400,
    'The appointment is on a later day. Please confirm that the member came early.',
    'วันนัดหมายยังไม่ถึง กรุณายืนยันว่าสมาชิกมาก่อนวันนัด',
  ),
  DEPOSIT_SEEN_CHECK_REQUIRED: def(
    50065,
    400,
    "Please confirm that you saw the deposit's amount arrive in the desk's bank account.",
    'กรุณายืนยันว่าได้เห็นยอดเงินฝากเข้าบัญชีธนาคารของร้านแล้ว',
  ),

  // 40041-40044, 50066: the member's LINE link (decision 0079).
  LINE_NOT_AVAILABLE: def(
    40041,
    404,
    'This desk does not send messages by LINE.',
    'ร้านนี้ไม่ได้ส่งข้อความทาง LINE',
  ),
  LINE_ALREADY_LINKED: def(
    40042,
    409,
    'Your LINE account is already linked. Unlink it first to link another.',
    'บัญชี LINE ของคุณเชื่อมต่ออยู่แล้ว หากต้องการเชื่อมต่อบัญชีอื่น กรุณายกเลิกการเชื่อมต่อก่อน',
  ),
  LINE_NOT_LINKED: def(40043, 404, 'No LINE account is linked.', 'ยังไม่ได้เชื่อมต่อบัญชี LINE'),
  LINE_CODES_TOO_MANY: def(
    40044,
    429,
    'You asked for many link codes this hour. Please use the latest one or try again later.',
    'คุณขอรหัสเชื่อมต่อหลายครั้งในชั่วโมงนี้ กรุณาใช้รหัสล่าสุดหรือลองใหม่ภายหลัง',
  ),
  LINE_SIGNATURE_INVALID: def(
    50066,
    401,
    'The LINE signature of this request is missing or wrong.',
    'ลายเซ็น LINE ของคำขอนี้ไม่มีหรือไม่ถูกต้อง',
  ),

  // 50056-50060: member flags and the two-step payout of large orders (decision 0068).
  TRADING_BLOCKED: def(
    50056,
    403,
    'Trading on your account is paused by the desk. Please contact the desk to resolve it.',
    'บัญชีของคุณถูกระงับการซื้อขายชั่วคราวโดยร้าน กรุณาติดต่อร้านเพื่อดำเนินการแก้ไข',
  ),
  PAYOUTS_HELD: def(
    50057,
    409,
    'Payouts to this member are held. An admin must lift the hold before the order is completed.',
    'การจ่ายเงินให้สมาชิกรายนี้ถูกระงับไว้ ผู้ดูแลระบบต้องยกเลิกการระงับก่อนจึงจะทำรายการให้เสร็จได้',
  ),
  APPROVAL_SAME_STAFF: def(
    50058,
    403,
    'You prepared this payout: another staff member must approve it or send it back.',
    'คุณเป็นผู้เตรียมการจ่ายเงินนี้ เจ้าหน้าที่คนอื่นต้องเป็นผู้อนุมัติหรือส่งกลับ',
  ),
  APPROVAL_NOT_AWAITED: def(
    50059,
    409,
    'This payout is not awaiting approval: it was approved, sent back or not prepared yet.',
    'การจ่ายเงินนี้ไม่ได้รอการอนุมัติ อาจได้รับการอนุมัติแล้ว ถูกส่งกลับ หรือยังไม่ได้เตรียม',
  ),
  APPROVAL_PENDING: def(
    50060,
    409,
    'This payout is prepared and awaits approval by another staff member: approve it or send it back first.',
    'การจ่ายเงินนี้เตรียมไว้แล้วและรอเจ้าหน้าที่คนอื่นอนุมัติ กรุณาอนุมัติหรือส่งกลับก่อน',
  ),
  // 50067: a staff payout's transaction hash checked against the order's network (decision 0094).
  PAYOUT_HASH_INVALID: {
    ...def(
      50067,
      400,
      "This is not a USDT transaction hash of the order's network.",
      'นี่ไม่ใช่แฮชธุรกรรม USDT ของเครือข่ายของรายการนี้',
    ),
    // Per hash format (txHash.ts): how the order's network writes its transaction hashes.
    variants: {
      evm: {
        en: "This is not a transaction hash of the order's network: on ERC-20 and BEP20 it is 0x and 64 hex digits.",
        th: 'นี่ไม่ใช่แฮชธุรกรรมของเครือข่ายของรายการนี้ บน ERC-20 และ BEP20 แฮชคือ 0x ตามด้วยเลขฐานสิบหก 64 หลัก',
      },
      bep2: {
        en: "This is not a transaction hash of the order's network: on BEP2 it is 64 hex digits, without 0x.",
        th: 'นี่ไม่ใช่แฮชธุรกรรมของเครือข่ายของรายการนี้ บน BEP2 แฮชคือเลขฐานสิบหก 64 หลัก ไม่มี 0x',
      },
      tron: {
        en: "This is not a transaction hash of the order's network: on TRON (TRC-20) it is 64 hex digits, without 0x.",
        th: 'นี่ไม่ใช่แฮชธุรกรรมของเครือข่ายของรายการนี้ บน TRON (TRC-20) แฮชคือเลขฐานสิบหก 64 หลัก ไม่มี 0x',
      },
      solana: {
        en: "This is not a transaction hash of the order's network: on Solana it is the transaction's signature, about 88 base58 characters.",
        th: 'นี่ไม่ใช่แฮชธุรกรรมของเครือข่ายของรายการนี้ บน Solana แฮชคือลายเซ็นของธุรกรรม เป็นอักขระ base58 ประมาณ 88 ตัว',
      },
    },
  },
  // 40025-40029: staff notes and flags on a member (decision 0068).
  MEMBER_FLAG_SET: def(40025, 409, 'The member already has this flag.', 'สมาชิกรายนี้มีสถานะเฝ้าระวังนี้อยู่แล้ว'),
  MEMBER_FLAG_NOT_SET: def(40026, 404, 'The member does not have this flag.', 'สมาชิกรายนี้ไม่มีสถานะเฝ้าระวังนี้'),
  MEMBER_FLAG_REASON_REQUIRED: def(
    40027,
    400,
    'Please give the reason (up to 500 characters).',
    'กรุณาระบุเหตุผล (ไม่เกิน 500 ตัวอักษร)',
  ),
  MEMBER_NOTE_INVALID: def(
    40028,
    400,
    'Please write the note (up to 2,000 characters).',
    'กรุณาเขียนบันทึก (ไม่เกิน 2,000 ตัวอักษร)',
  ),
  SEND_BACK_NOTE_REQUIRED: def(
    40029,
    400,
    'Please say why the payout is sent back (up to 500 characters).',
    'กรุณาระบุเหตุผลที่ส่งการจ่ายเงินกลับ (ไม่เกิน 500 ตัวอักษร)',
  ),

  // 60001, 70001: back-office reports and dashboard.
  REPORT_INCORRECT: def(
    60001,
    400,
    'Incorrect report request. Please check the date range.',
    'คำขอรายงานไม่ถูกต้อง กรุณาตรวจสอบช่วงวันที่',
  ),
  DASHBOARD_INCORRECT: def(70001, 400, 'Incorrect dashboard request.', 'คำขอข้อมูลแดชบอร์ดไม่ถูกต้อง'),

  // 70002: messages (decision 0095).
  CHANNEL_NOT_CONFIGURED: def(
    70002,
    404,
    'This desk cannot send messages this way yet. Please choose the other way, or contact the desk.',
    'ร้านยังส่งข้อความทางช่องทางนี้ไม่ได้ กรุณาเลือกอีกช่องทางหนึ่ง หรือติดต่อร้าน',
  ),
} as const satisfies Record<string, ErrorDef>;

const byCode = new Map<number, ErrorDef>(Object.values(E).map((d) => [d.code, d]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}

/**
 * The message for a code in a language; an unknown code has an empty message (docs/product.md,
 * Member rules).
 */
export function messageFor(code: number, lang: Lang): string {
  return byCode.get(code)?.[lang] ?? '';
}

export function parseLang(acceptLanguage: string | undefined | null): Lang {
  return /^\s*th\b/i.test(acceptLanguage ?? '') ? 'th' : 'en';
}
