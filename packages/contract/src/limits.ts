/**
 * Business constants and limits (docs/product.md, Limits and constants). Amounts are decimal strings
 * so they go straight into money.ts without passing through a float.
 */
export const BUY_THB_MIN = '1000';
export const BUY_THB_MAX = '3000000';
export const SELL_USDT_MIN = '100';
export const SELL_USDT_MAX = '100000';

export const MAX_BANK_ACCOUNTS = 10;
export const MAX_USDT_ADDRESSES = 10;

export const USERNAME_MIN_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;
export const OTP_VALIDITY_MS = 5 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_COUNTDOWN_S = 60;

export const IP_BAN_MS = 60 * 60_000;
export const SNACKBAR_MS = 3300;

export const TIMEZONE = 'Asia/Bangkok';
export const APP_VERSION = '2.0.7-20250905';

/** The server rejects images over 2 MB; the browser accepts photos up to 40 MB and shrinks them. */
export const KYC_MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const BROWSER_MAX_PHOTO_BYTES = 40 * 1024 * 1024;
/** The browser shrinks a photo so its long side is at most this many pixels before sending it. */
export const UPLOAD_MAX_SIDE_PX = 2560;
/**
 * The server refuses, from its header and before decoding it, an image with a side longer than the
 * app sends plus 60 % for other clients (4,096 px), or with more pixels than a 4:3 photo of that
 * long side (12.6 megapixels; a 12-megapixel phone photo passes).
 */
export const IMAGE_MAX_SIDE_PX = (UPLOAD_MAX_SIDE_PX * 8) / 5;
export const IMAGE_MAX_PIXELS = (IMAGE_MAX_SIDE_PX * IMAGE_MAX_SIDE_PX * 3) / 4;
/** Uploads one member, and one client address, may have in progress at once (50049 beyond). */
export const UPLOADS_AT_ONCE_PER_MEMBER = 2;
export const UPLOADS_AT_ONCE_PER_ADDRESS = 4;
/** Per-member uploads (uploadKyc and uploadImgFile together) in a sliding window. */
export const UPLOADS_PER_MEMBER = 30;
export const UPLOADS_WINDOW_MS = 10 * 60_000;
/** A photo checked ahead of an identity submission (stageKycImage) waits this long for it. */
export const KYC_STAGED_PHOTO_HOURS = 24;
/** An exchange account's UID: the member's numeric user id on the exchange platform. */
export const EXCHANGE_UID_MIN_LENGTH = 5;
export const EXCHANGE_UID_MAX_LENGTH = 20;
/** A proof of income or assets has one to this many pages (decision 0071). */
export const INCOME_PROOF_PAGES_MAX = 3;
/** The free-text note staff may add to a KYC decision. */
export const KYC_NOTE_MAX_LENGTH = 500;

/** Time a member has to pay a `pending` order before it expires; staff may change it. */
export const DEFAULT_PAYMENT_DEADLINE_MIN = 15;

/** Upper bounds the spec leaves open; they keep stored values and hashing work bounded. */
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
