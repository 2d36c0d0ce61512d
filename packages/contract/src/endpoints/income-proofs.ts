import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../endpoint.ts';
import type { Lang } from '../errors.ts';
import { E } from '../errors.ts';
import { INCOME_PROOF_PAGES_MAX, KYC_STAGED_PHOTO_HOURS } from '../limits.ts';
import { imageBase64Schema } from '../validators/image.ts';
import { codeMessage } from '../validators/messages.ts';
import { idParams, iso, paged } from './admin/common.ts';
import { reviewDecisionBody, reviewQueueQuery } from './admin/review.ts';
import { stagedPhotoSchema } from './kyc.ts';
import { IMAGE_BODY_LIMIT } from './uploads.ts';

/**
 * Proof of income or assets (decision 0071): a verified level-1 member sends one to three images
 * of one kind of document; staff accept it (the member becomes level 2, decision 0067) or refuse
 * it with a reason. One waits at a time per member.
 */
const KINDS = {
  payslip: { en: 'Payslip', th: 'สลิปเงินเดือน' },
  bankStatement: { en: 'Bank statement', th: 'รายการเดินบัญชีธนาคาร' },
  taxReturn: { en: 'Tax return (P.N.D. 90/91)', th: 'แบบแสดงรายการภาษี (ภ.ง.ด. 90/91)' },
  employmentLetter: { en: 'Employment or salary certificate', th: 'หนังสือรับรองการทำงานหรือเงินเดือน' },
  assetStatement: {
    en: 'Statement of savings, funds or securities',
    th: 'หลักฐานเงินฝาก กองทุน หรือหลักทรัพย์',
  },
} as const satisfies Record<string, Record<Lang, string>>;
export const INCOME_PROOF_KINDS: Record<keyof typeof KINDS, Record<Lang, string>> = KINDS;
export type IncomeProofKind = keyof typeof KINDS;
export const INCOME_PROOF_KIND_CODES = Object.keys(KINDS) as IncomeProofKind[];

/** The common reasons staff refuse a proof, in both languages; `other` needs the staff's note (40036). */
const REASONS = {
  unreadable: {
    en: 'The document is blurred, cut off or unreadable.',
    th: 'เอกสารไม่ชัด ถูกตัดขอบ หรืออ่านไม่ได้',
  },
  tooOld: {
    en: 'The document is too old: please send one from the last three months.',
    th: 'เอกสารเก่าเกินไป กรุณาส่งเอกสารภายใน 3 เดือนล่าสุด',
  },
  nameMismatch: {
    en: 'The name on the document does not match the name on your account.',
    th: 'ชื่อในเอกสารไม่ตรงกับชื่อในบัญชีของคุณ',
  },
  notEnough: {
    en: 'The document does not show enough income or assets for level 2.',
    th: 'เอกสารไม่แสดงรายได้หรือทรัพย์สินเพียงพอสำหรับระดับ 2',
  },
  wrongKind: {
    en: 'The document is not the kind chosen, or not a proof of income or assets.',
    th: 'เอกสารไม่ตรงกับประเภทที่เลือก หรือไม่ใช่หลักฐานรายได้หรือทรัพย์สิน',
  },
  other: { en: 'Another reason (see the note).', th: 'เหตุผลอื่น (ดูหมายเหตุ)' },
} as const satisfies Record<string, Record<Lang, string>>;
export const INCOME_PROOF_REFUSE_REASONS: Record<keyof typeof REASONS, Record<Lang, string>> = REASONS;
export type IncomeProofRefuseReason = keyof typeof REASONS;
export const INCOME_PROOF_REFUSE_REASON_CODES = Object.keys(REASONS) as IncomeProofRefuseReason[];

export const INCOME_PROOF_STATUSES = ['waiting', 'accepted', 'refused'] as const;
export type IncomeProofStatus = (typeof INCOME_PROOF_STATUSES)[number];

/** The pages of one proof, in the order the member chose them (page1 is required). */
export const INCOME_PROOF_SLOTS = ['page1', 'page2', 'page3'] as const;
export type IncomeProofSlot = (typeof INCOME_PROOF_SLOTS)[number];

const kindSchema = z.enum(INCOME_PROOF_KIND_CODES as [IncomeProofKind, ...IncomeProofKind[]], {
  error: codeMessage(E.INVALID_INPUT),
});
const reasonSchema = z.enum(
  INCOME_PROOF_REFUSE_REASON_CODES as [IncomeProofRefuseReason, ...IncomeProofRefuseReason[]],
  { error: codeMessage(E.INVALID_INPUT) },
);
const stagedId = z
  .number({ error: codeMessage(E.IMAGE_REQUIRED) })
  .int({ error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) })
  .positive({ error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) })
  .max(2 ** 31 - 1, { error: codeMessage(E.STAGED_IMAGE_NOT_FOUND) });

export const submitIncomeProofBodySchema = z.object({
  kind: kindSchema,
  /** The staged pages by slot: page1 required, page2 and page3 optional. */
  photos: z.object(
    { page1: stagedId, page2: stagedId.optional(), page3: stagedId.optional() },
    { error: codeMessage(E.IMAGE_REQUIRED) },
  ),
});
export type SubmitIncomeProofBody = z.input<typeof submitIncomeProofBodySchema>;

/** The member's newest proof as they see it; null when they sent none. */
export const incomeProofSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  status: z.enum(INCOME_PROOF_STATUSES),
  submittedAt: iso,
  decidedAt: iso.nullable(),
  reasonCode: reasonSchema.nullable(),
  note: z.string().nullable(),
  /** File ids of the pages, read through `memberFile` (the member) or `staffFile` (staff). */
  images: z.array(z.number().int()),
});
export type IncomeProof = z.infer<typeof incomeProofSchema>;

export const incomeProofEndpoints = {
  stageProofImage: endpoint({
    method: 'POST',
    path: '/api/external/user/stageProofImage',
    access: 'member',
    summary: `Checks one page of a proof of income or assets exactly as an identity photo (stageKycImage) and keeps it, re-encoded, for submitIncomeProof, for ${KYC_STAGED_PHOTO_HOURS} hours; a newer page for the same slot replaces it. Only for a verified level-1 member with no proof waiting (50053, 50054, 50055). Counted as an upload (50039, 50049, 50050).`,
    body: z.object({
      slot: z.enum(INCOME_PROOF_SLOTS, { error: codeMessage(E.INVALID_INPUT) }),
      image: imageBase64Schema,
    }),
    bodyLimit: IMAGE_BODY_LIMIT,
    imageFields: ['image'],
    result: stagedPhotoSchema,
  }),
  submitIncomeProof: endpoint({
    method: 'POST',
    path: '/api/external/user/submitIncomeProof',
    access: 'member',
    summary: `Sends a proof of income or assets of one kind with ${INCOME_PROOF_PAGES_MAX} pages at most, staged before (50032, 50033, 50034 with the slot, as submitKyc). Only for a verified level-1 member (50053, 50054) with no proof waiting (50055). Staff review it.`,
    body: submitIncomeProofBodySchema,
    result: incomeProofSchema,
  }),
  getIncomeProof: endpoint({
    method: 'POST',
    path: '/api/external/user/getIncomeProof',
    access: 'member',
    summary:
      "The member's newest proof of income or assets: its kind, status, pages and, when refused, the reason. Null when none was sent.",
    result: incomeProofSchema.nullable(),
  }),
} as const;

/** Staff who review proofs: as identity reviews, operators and admins (viewers never see documents). */
const PROOF_REVIEWERS = ['admin', 'operator'] as const;

export const incomeProofSummarySchema = incomeProofSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The username of the staff member who decided. */
  decidedBy: z.string().nullable(),
});
export type IncomeProofSummary = z.infer<typeof incomeProofSummarySchema>;

/** Accept, or refuse with a reason and a note (40036 for 'other' without one). */
export const incomeProofDecisionBodySchema = reviewDecisionBody('accepted', 'refused', reasonSchema);
export type IncomeProofDecisionBody = z.input<typeof incomeProofDecisionBodySchema>;

export const incomeProofReviewEndpoints = {
  incomeProofQueue: endpoint({
    method: 'GET',
    path: '/api/admin/income-proofs',
    access: { staff: PROOF_REVIEWERS },
    summary: 'Proofs of income or assets with the given status (default waiting), oldest first, paged.',
    query: reviewQueueQuery(INCOME_PROOF_STATUSES),
    result: paged(incomeProofSummarySchema),
  }),
  incomeProof: endpoint({
    method: 'GET',
    path: '/api/admin/income-proofs/:id',
    access: { staff: PROOF_REVIEWERS },
    summary: 'One proof of income or assets with its member and page ids (40034 if none).',
    params: idParams,
    result: incomeProofSummarySchema,
  }),
  decideIncomeProof: endpoint({
    method: 'POST',
    path: '/api/admin/income-proofs/:id/decision',
    access: { staff: PROOF_REVIEWERS },
    summary:
      'Accepts a waiting proof (the member becomes level 2 as by setMemberLevel, audited member.level.set with the proof as the note) or refuses it with a reason (40036 for `other` without a note). A conditional update: of two staff deciding at once one wins, the other gets 40035. Audited.',
    params: idParams,
    body: incomeProofDecisionBodySchema,
    result: incomeProofSummarySchema,
  }),
  memberIncomeProofs: endpoint({
    method: 'GET',
    path: '/api/admin/members/:id/income-proofs',
    access: { staff: ANY_STAFF },
    summary: "A member's proofs of income or assets and their decisions, newest first (the member's page).",
    params: idParams,
    result: z.array(incomeProofSummarySchema),
  }),
} as const;
