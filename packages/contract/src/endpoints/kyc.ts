import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import type { Lang } from '../errors.ts';
import { imageBase64Schema } from '../validators/image.ts';
import { IMAGE_BODY_LIMIT, KYC_BODY_LIMIT } from './uploads.ts';

/**
 * Identity verification (docs/product.md, Identity verification): a member is `unverified` until
 * they submit the four images, `waiting` while staff review them, then `verified` or `failed` (a
 * failed member may submit again).
 */
export const KYC_STATUSES = ['unverified', 'waiting', 'verified', 'failed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/**
 * Every change of a member's identity status, in one table: who makes it, from which statuses, to
 * which. The server applies each with a conditional update on `from`, so two racing requests
 * cannot both win; nothing else changes a status.
 */
export const KYC_TRANSITIONS = {
  submit: { by: 'member', from: ['unverified', 'failed'], to: 'waiting' },
  verify: { by: 'staff', from: ['waiting'], to: 'verified' },
  fail: { by: 'staff', from: ['waiting'], to: 'failed' },
} as const satisfies Record<string, { by: 'member' | 'staff'; from: readonly KycStatus[]; to: KycStatus }>;
export type KycTransition = keyof typeof KYC_TRANSITIONS;

/** Whether `transition` may start from `status`. */
export function kycTransitionAllowed(transition: KycTransition, status: KycStatus): boolean {
  return (KYC_TRANSITIONS[transition].from as readonly KycStatus[]).includes(status);
}

/** The four images, in the order the account page and the review screen show them. */
export const KYC_IMAGE_SLOTS = [
  'passportImage',
  'holdingPassportImage',
  'screenshot1Image',
  'screenshot2Image',
] as const;
export type KycImageSlot = (typeof KYC_IMAGE_SLOTS)[number];

/**
 * The common reasons staff give for failing a submission, in both languages, so a member reads the
 * reason in their own language. `other` needs the staff's note (31009 without it).
 */
const REASONS = {
  passportUnreadable: {
    en: 'The passport photo is blurred, cut off or unreadable.',
    th: 'รูปถ่ายหน้าหนังสือเดินทางไม่ชัด ถูกตัดขอบ หรืออ่านไม่ได้',
  },
  passportExpired: { en: 'The passport has expired.', th: 'หนังสือเดินทางหมดอายุแล้ว' },
  faceNotVisible: {
    en: 'Your face or the passport is not clearly visible in the photo where you hold it.',
    th: 'ไม่เห็นใบหน้าหรือหนังสือเดินทางชัดเจนในรูปที่ถือหนังสือเดินทาง',
  },
  paperMissing: {
    en: "The paper with the site's name and today's date is missing or unreadable.",
    th: 'ไม่มีกระดาษที่เขียนชื่อเว็บไซต์และวันที่ของวันนี้ หรืออ่านไม่ได้',
  },
  screenshotMismatch: {
    en: 'The exchange screenshots do not show a verified account matching your saved UID.',
    th: 'ภาพหน้าจอกระดานเทรดไม่แสดงบัญชีที่ยืนยันตัวตนแล้วซึ่งตรงกับ UID ที่บันทึกไว้',
  },
  nameMismatch: {
    en: 'The name on the documents does not match the name on your account.',
    th: 'ชื่อในเอกสารไม่ตรงกับชื่อในบัญชีของคุณ',
  },
  other: { en: 'Another reason (see the note).', th: 'เหตุผลอื่น (ดูหมายเหตุ)' },
} as const satisfies Record<string, Record<Lang, string>>;

/** Each reason in both languages. */
export const KYC_REJECT_REASONS: Record<keyof typeof REASONS, Record<Lang, string>> = REASONS;
export const KYC_REJECT_REASON_CODES = Object.keys(KYC_REJECT_REASONS) as (keyof typeof KYC_REJECT_REASONS)[];
export type KycRejectReason = keyof typeof REASONS;

/**
 * The newest submission as its member sees it: when it was sent and decided, and why it failed
 * (`reasonCode` from KYC_REJECT_REASONS, `note` as staff typed it). Null when none was sent.
 */
export const kycReviewSchema = z
  .object({
    submittedAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    reasonCode: z.enum(KYC_REJECT_REASON_CODES as [KycRejectReason, ...KycRejectReason[]]).nullable(),
    note: z.string().nullable(),
  })
  .nullable();
export type KycReview = z.infer<typeof kycReviewSchema>;

/** The four identity-verification images. */
export const uploadKycBodySchema = z.object({
  passportImage: imageBase64Schema,
  holdingPassportImage: imageBase64Schema,
  screenshot1Image: imageBase64Schema,
  screenshot2Image: imageBase64Schema,
});

/** What the server found in an image it accepted (uploadImgFile). */
export const imageCheckSchema = z.object({
  mime: z.enum(['image/jpeg', 'image/png']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageCheck = z.infer<typeof imageCheckSchema>;

export const kycEndpoints = {
  uploadKyc: endpoint({
    method: 'POST',
    path: '/api/external/user/uploadKyc',
    access: 'member',
    summary:
      'Submits the four identity-verification images in one request; the member becomes waiting. Allowed when unverified or failed (10036 otherwise). Each image is checked by its bytes (50007, 50008, 50016, 50037, 50038), re-encoded without metadata and stored with the submission in one transaction. Uploads are limited per member and address (50039), and in progress at once (50049); 50050 when the server has too many images waiting.',
    body: uploadKycBodySchema,
    bodyLimit: KYC_BODY_LIMIT,
    imageFields: KYC_IMAGE_SLOTS,
    result: z.object({ kycStatus: z.enum(KYC_STATUSES) }),
  }),
  uploadImgFile: endpoint({
    method: 'POST',
    path: '/api/external/user/uploadImgFile',
    access: 'member',
    summary:
      'Checks one image exactly as uploadKyc will (JPG or PNG by its bytes, decodable, still, at most 4,096 px on its long side, 4,096 x 3,072 px in all and 2 MB) without storing it, so a form can flag a bad slip or photo before submitting.',
    body: z.object({ image: imageBase64Schema }),
    bodyLimit: IMAGE_BODY_LIMIT,
    imageFields: ['image'],
    result: imageCheckSchema,
  }),
} as const;
