import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import type { Lang } from '../errors.ts';
import { E } from '../errors.ts';
import { KYC_STAGED_PHOTO_HOURS } from '../limits.ts';
import { imageBase64Schema } from '../validators/image.ts';
import { codeMessage } from '../validators/messages.ts';
import { passportNumberSchema } from '../validators/passport.ts';
import { thaiIdNumberSchema } from '../validators/thaiId.ts';
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
 * The identity document a member shows: a passport (the specification's path) or a Thai national
 * ID card, with the same four photos (the slots keep the specification's names: `passportImage`
 * holds the document, `holdingPassportImage` the member holding it). The document's number is
 * typed too: a Thai ID card's 13 digits with their check digit (10044, 10045), a passport's
 * number as printed (10053); staff see the type and the number, and the AMLO report carries it.
 */
export const KYC_DOCUMENT_TYPES = ['passport', 'thaiIdCard'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** The document's type (passport when not given) and its number. */
const documentFields = {
  documentType: z.enum(KYC_DOCUMENT_TYPES, { error: codeMessage(E.INVALID_INPUT) }).default('passport'),
  idCardNumber: thaiIdNumberSchema.optional(),
  passportNumber: passportNumberSchema.optional(),
};

type DocumentInput = { documentType: KycDocumentType; idCardNumber?: string; passportNumber?: string };

/**
 * A Thai ID card needs its number (10044 on the number's field); a passport needs its number when
 * `passportNumber` is 'required' (10053: the member app's submitKyc), and may come without one on
 * the specification's uploadKyc, which has no such field. Only the chosen document's number is kept.
 */
function withDocumentCheck<S extends z.ZodObject<typeof documentFields>>(
  schema: S,
  passportNumber: 'required' | 'optional',
) {
  return schema
    .superRefine((v, ctx) => {
      const value = v as DocumentInput;
      if (value.documentType === 'thaiIdCard' && value.idCardNumber === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['idCardNumber'],
          message: codeMessage(E.ID_CARD_NUMBER_INVALID),
        });
      }
      if (
        passportNumber === 'required' &&
        value.documentType === 'passport' &&
        value.passportNumber === undefined
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['passportNumber'],
          message: codeMessage(E.PASSPORT_NUMBER_INVALID),
        });
      }
    })
    .transform((v) => {
      const value = v as z.output<S> & DocumentInput;
      return {
        ...value,
        idCardNumber: value.documentType === 'thaiIdCard' ? (value.idCardNumber ?? null) : null,
        passportNumber: value.documentType === 'passport' ? (value.passportNumber ?? null) : null,
      };
    });
}

/**
 * The common reasons staff give for failing a submission, in both languages, so a member reads the
 * reason in their own language. `other` needs the staff's note (31009 without it).
 */
const REASONS = {
  passportUnreadable: {
    en: 'The photo of the passport or ID card is blurred, cut off or unreadable.',
    th: 'รูปถ่ายหนังสือเดินทางหรือบัตรประชาชนไม่ชัด ถูกตัดขอบ หรืออ่านไม่ได้',
  },
  passportExpired: {
    en: 'The passport or ID card has expired.',
    th: 'หนังสือเดินทางหรือบัตรประชาชนหมดอายุแล้ว',
  },
  faceNotVisible: {
    en: 'Your face or the document is not clearly visible in the photo where you hold it.',
    th: 'ไม่เห็นใบหน้าหรือเอกสารชัดเจนในรูปที่ถือเอกสาร',
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

/** The four identity-verification images, with the document's type (a passport when not given). */
export const uploadKycBodySchema = withDocumentCheck(
  z.object({
    passportImage: imageBase64Schema,
    holdingPassportImage: imageBase64Schema,
    screenshot1Image: imageBase64Schema,
    screenshot2Image: imageBase64Schema,
    ...documentFields,
  }),
  'optional',
);

/**
 * A photo checked and kept by stageKycImage, named in submitKyc by its id. It waits on the server
 * KYC_STAGED_PHOTO_HOURS for its submission; one per slot and member (a newer one for the slot
 * replaces it).
 */
const stagedPhotoId = z
  .number({ error: codeMessage(E.IMAGE_REQUIRED) })
  .int({ error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) })
  .positive({ error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) })
  .max(2 ** 31 - 1, { error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) });

export const submitKycBodySchema = withDocumentCheck(
  z.object({
    photos: z.object(
      {
        passportImage: stagedPhotoId,
        holdingPassportImage: stagedPhotoId,
        screenshot1Image: stagedPhotoId,
        screenshot2Image: stagedPhotoId,
      },
      { error: codeMessage(E.KYC_INCOMPLETE) },
    ),
    ...documentFields,
  }),
  'required',
);
export type SubmitKycBody = z.input<typeof submitKycBodySchema>;

/** What the server found in an image it accepted (uploadImgFile). */
export const imageCheckSchema = z.object({
  mime: z.enum(['image/jpeg', 'image/png']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageCheck = z.infer<typeof imageCheckSchema>;

/** A photo checked and kept for the member's submission: what the check found, its id and until when it waits. */
export const stagedPhotoSchema = imageCheckSchema.extend({
  photoId: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type StagedPhoto = z.infer<typeof stagedPhotoSchema>;

const slotSchema = z.enum(KYC_IMAGE_SLOTS, { error: codeMessage(E.INVALID_INPUT) });

export const kycEndpoints = {
  uploadKyc: endpoint({
    method: 'POST',
    path: '/api/external/user/uploadKyc',
    access: 'member',
    summary:
      "Submits the four identity-verification images in one request, with the document type (passport by default; a Thai ID card needs its number, 10044/10045; a passport's number may be sent, 10053 for a wrong one); the member becomes waiting. Allowed when unverified or failed (10036 otherwise). Each image is checked by its bytes (50007, 50008, 50016, 50037, 50038), re-encoded without metadata and stored with the submission in one transaction. Uploads are limited per member and address (50039), and in progress at once (50049); 50050 when the server has too many images waiting.",
    body: uploadKycBodySchema,
    bodyLimit: KYC_BODY_LIMIT,
    imageFields: KYC_IMAGE_SLOTS,
    result: z.object({ kycStatus: z.enum(KYC_STATUSES) }),
  }),
  stageKycImage: endpoint({
    method: 'POST',
    path: '/api/external/user/stageKycImage',
    access: 'member',
    summary: `Checks one identity photo exactly as uploadKyc does and keeps it, re-encoded, for the member's submission (submitKyc), for ${KYC_STAGED_PHOTO_HOURS} hours; a newer photo for the same slot replaces it. Allowed when unverified or failed (10036). Counted as an upload (50039, 50049, 50050).`,
    body: z.object({ slot: slotSchema, image: imageBase64Schema }),
    bodyLimit: IMAGE_BODY_LIMIT,
    imageFields: ['image'],
    result: stagedPhotoSchema,
  }),
  submitKyc: endpoint({
    method: 'POST',
    path: '/api/external/user/submitKyc',
    access: 'member',
    summary:
      "Submits identity verification with photos already checked by stageKycImage, named by their ids: each must be the member's own, staged for its slot (50032, with the slot) and not expired (50033); the same photo twice answers 50034. The document type as in uploadKyc, with its number: a Thai ID card's (10044, 10045) or a passport's (10053). The member becomes waiting (10036 unless unverified or failed).",
    body: submitKycBodySchema,
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
