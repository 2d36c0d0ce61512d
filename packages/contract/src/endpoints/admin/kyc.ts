import { z } from 'zod';
import { endpoint, type StaffRole } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { codeMessage } from '../../validators/messages.ts';
import { KYC_DOCUMENT_TYPES, KYC_REJECT_REASON_CODES, KYC_STATUSES, type KycRejectReason } from '../kyc.ts';
import { usdtAddressEntrySchema } from '../payments.ts';
import { idParams, iso, paged } from './common.ts';
import { reviewDecisionBody, reviewQueueQuery } from './review.ts';

/**
 * Identity review (docs/product.md, Identity verification): the queue of waiting submissions, one
 * submission with its four images and the member's details, and the decision. Operators and admins
 * only: viewers never see identity documents.
 */
export const KYC_REVIEWERS: readonly StaffRole[] = ['admin', 'operator'];

const reasonCode = z.enum(KYC_REJECT_REASON_CODES as [KycRejectReason, ...KycRejectReason[]], {
  error: codeMessage(E.INVALID_INPUT),
});

/** One submission in the queue or a member's history. */
export const kycSubmissionSummarySchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** 'waiting', 'verified' or 'failed' (a submission is never 'unverified'). */
  status: z.enum(KYC_STATUSES),
  /** The identity document the member sent: a passport or a Thai ID card. */
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  submittedAt: iso,
  decidedAt: iso.nullable(),
  /** The username of the staff member who decided. */
  decidedBy: z.string().nullable(),
  reasonCode: reasonCode.nullable(),
  note: z.string().nullable(),
});
export type KycSubmissionSummary = z.infer<typeof kycSubmissionSummarySchema>;

export const kycSubmissionSchema = kycSubmissionSummarySchema.extend({
  member: z.object({
    phone: z.string(),
    email: z.string(),
    createdAt: iso,
  }),
  /** A Thai ID card's 13-digit number as the member typed it (its check digit passed); null for a passport. */
  idCardNumber: z.string().nullable(),
  /** A passport's number as the member typed it (upper case, no spaces); null for an ID card and where none was sent. */
  passportNumber: z.string().nullable(),
  /** The member's exchange accounts with their UIDs, to compare with the two screenshots. */
  usdtAddresses: z.array(usdtAddressEntrySchema),
  /** File ids of the four images, read through `staffFile`. */
  images: z.object({
    passportImage: z.number().int(),
    holdingPassportImage: z.number().int(),
    screenshot1Image: z.number().int(),
    screenshot2Image: z.number().int(),
  }),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

/** Approve, or reject with a reason and a note (31009 for 'other' without one). */
export const kycDecisionBodySchema = reviewDecisionBody('verified', 'failed', reasonCode);
export type KycDecisionBody = z.input<typeof kycDecisionBodySchema>;

export const kycReviewEndpoints = {
  kycQueue: endpoint({
    method: 'GET',
    path: '/api/admin/kyc',
    access: { staff: KYC_REVIEWERS },
    summary: 'Submissions with the given status (default waiting), oldest first, paged.',
    query: reviewQueueQuery(['waiting', 'verified', 'failed']),
    result: paged(kycSubmissionSummarySchema),
  }),
  kycSubmission: endpoint({
    method: 'GET',
    path: '/api/admin/kyc/:id',
    access: { staff: KYC_REVIEWERS },
    summary:
      "One submission: the member's details, exchange UIDs, the four image ids and the decision (31007 if none).",
    params: idParams,
    result: kycSubmissionSchema,
  }),
  decideKyc: endpoint({
    method: 'POST',
    path: '/api/admin/kyc/:id/decision',
    access: { staff: KYC_REVIEWERS },
    summary:
      'Verifies or fails a waiting submission, with a reason when failing (31009 for `other` without a note). A conditional update: when two staff decide at once, one wins and the other gets 31008. Audited; the member is told live.',
    params: idParams,
    body: kycDecisionBodySchema,
    result: kycSubmissionSummarySchema,
  }),
  staffFile: endpoint({
    method: 'GET',
    path: '/api/admin/files/:id',
    access: { staff: KYC_REVIEWERS },
    response: 'file',
    summary:
      'Any stored image (KYC photos, slips, proofs) for review: inline, never cached, never sniffed. 50040 if none.',
    params: idParams,
    result: z.string(),
  }),
} as const;
