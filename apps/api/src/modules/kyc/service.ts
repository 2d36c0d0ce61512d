import {
  E,
  type ImageCheck,
  KYC_IMAGE_SLOTS,
  KYC_REJECT_REASON_CODES,
  type KycImageSlot,
  type KycRejectReason,
  type KycReview,
  type KycStatus,
  type KycSubmission,
  type KycSubmissionSummary,
  type kycDecisionBodySchema,
  kycTransitionAllowed,
  UPLOADS_PER_MEMBER,
  UPLOADS_WINDOW_MS,
  type uploadKycBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { FileAnswer } from '../../http/route.ts';
import { type Actor, countRecentAudits, recordAudit } from '../audit/index.ts';
import { checkImage, storeImage } from '../images/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import {
  countWaiting,
  decideSubmission,
  findFile,
  findSubmission,
  insertSubmission,
  kycStatus,
  SLOT_COLUMN,
  type StoredKycReview,
  type SubmissionRow,
  submissionsOfMember,
  submissionsPage,
} from './repository.ts';

type UploadKycBody = z.output<typeof uploadKycBodySchema>;
type DecisionBody = z.output<typeof kycDecisionBodySchema>;

const UPLOAD = { action: 'kyc.upload', reason: 'upload', outcome: 'success' } as const;

const reasonCode = (code: string | null): KycRejectReason | null =>
  code && (KYC_REJECT_REASON_CODES as string[]).includes(code) ? (code as KycRejectReason) : null;

/** The profile's review of the newest submission, from kycReviewOf (an unknown reason code reads as none). */
export function kycReview(stored: StoredKycReview): KycReview {
  return stored && { ...stored, reasonCode: reasonCode(stored.reasonCode) };
}

function toSummary(row: SubmissionRow): KycSubmissionSummary {
  return {
    id: row.id,
    memberId: row.member_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    submittedAt: row.created_at.toISOString(),
    decidedAt: row.reviewed_at?.toISOString() ?? null,
    decidedBy: row.reviewer,
    reasonCode: reasonCode(row.reason_code),
    note: row.reason,
  };
}

/**
 * Identity verification (docs/product.md, Identity verification): a member's four images are
 * checked, re-encoded and stored with their submission in one transaction; staff verify or fail it
 * with a conditional update; every change is audited in its transaction and announced
 * (`kyc.updated`, with the member's id) after.
 */
interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  payments: Pick<PaymentsService, 'list' | 'hasUsdtAddress'>;
}

export function createKycService({ db, events, payments }: Deps) {
  /** Counts one upload of the member (50039 past UPLOADS_PER_MEMBER in the window), audited. */
  async function spendUpload(actor: Actor, memberId: number, what: string, now = new Date()): Promise<void> {
    const recent = await countRecentAudits(db, actor, UPLOAD, new Date(now.getTime() - UPLOADS_WINDOW_MS));
    if (recent >= UPLOADS_PER_MEMBER) throw new AppError(E.UPLOAD_LIMIT);
    await recordAudit(db, actor, { ...UPLOAD, target: `member:${memberId} ${what}` });
  }

  return {
    /** uploadImgFile: the same checks as a submission's, nothing stored. */
    async checkOne(actor: Actor, memberId: number, image: string): Promise<ImageCheck> {
      await spendUpload(actor, memberId, 'check');
      const checked = await checkImage(image);
      return { mime: checked.mime, size: checked.bytes.length, width: checked.width, height: checked.height };
    },

    /** uploadKyc: the member becomes waiting, or nothing is stored (10036 unless unverified or failed). */
    async submit(actor: Actor, memberId: number, body: UploadKycBody): Promise<{ kycStatus: KycStatus }> {
      const before = await kycStatus(db, memberId);
      if (!kycTransitionAllowed('submit', before)) throw new AppError(E.KYC_ALREADY_SUBMITTED);
      await spendUpload(actor, memberId, 'submit');
      // Checked one after another: one process never decodes four large images at once.
      const images = [] as Awaited<ReturnType<typeof checkImage>>[];
      for (const slot of KYC_IMAGE_SLOTS) images.push(await checkImage(body[slot]));
      const submission = await db
        .transaction()
        .execute(async (t) => {
          const files = {} as Record<KycImageSlot, number>;
          for (const [i, slot] of KYC_IMAGE_SLOTS.entries()) {
            files[slot] = await storeImage(t, memberId, 'kyc', images[i] as (typeof images)[number]);
          }
          const row = await insertSubmission(t, memberId, files);
          await recordAudit(t, actor, {
            action: 'kyc.submit',
            target: `member:${memberId}`,
            before: { status: before },
            after: { status: 'waiting', submission: row.id, files },
          });
          return row;
        })
        .catch((error: unknown) => {
          // The one-waiting-submission index: another submission of this member won the race.
          if ((error as { code?: string }).code === '23505') throw new AppError(E.KYC_ALREADY_SUBMITTED);
          throw error;
        });
      await events.publish('kyc.updated', { memberId, submissionId: submission.id, status: 'waiting' });
      return { kycStatus: 'waiting' };
    },

    /** The member's identity status: their newest submission's. */
    async status(memberId: number): Promise<KycStatus> {
      return kycStatus(db, memberId);
    },

    /** Every submission of a member and its decision, newest first (the member's page in the console). */
    async history(memberId: number): Promise<KycSubmissionSummary[]> {
      return (await submissionsOfMember(db, memberId)).map(toSummary);
    },

    async queue(
      query: PageRequest & { status: 'waiting' | 'verified' | 'failed' },
    ): Promise<Page<KycSubmissionSummary>> {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await submissionsPage(db, query.status, offset, limit);
      return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    /** How many submissions wait for a staff decision. */
    waitingCount(): Promise<number> {
      return countWaiting(db);
    },

    async submission(id: number): Promise<KycSubmission> {
      const row = await findSubmission(db, id);
      if (!row) throw new AppError(E.KYC_SUBMISSION_NOT_FOUND);
      const { usdtAddresses } = await payments.list(row.member_id);
      const images = Object.fromEntries(
        KYC_IMAGE_SLOTS.map((slot) => [slot, row[SLOT_COLUMN[slot]]]),
      ) as Record<KycImageSlot, number>;
      return {
        ...toSummary(row),
        member: { phone: row.phone, email: row.email, createdAt: row.member_created_at.toISOString() },
        usdtAddresses,
        images,
      };
    },

    /** Verifies or fails a waiting submission: one winner (31008 for the other), audited, announced. */
    async decide(
      actor: Actor,
      staffId: number,
      id: number,
      body: DecisionBody,
    ): Promise<KycSubmissionSummary> {
      const failing = body.decision === 'failed' ? body : null;
      if (failing?.reasonCode === 'other' && !failing.note) throw new AppError(E.KYC_REASON_REQUIRED);
      const decided = await db.transaction().execute(async (t) => {
        const row = await decideSubmission(t, id, {
          status: body.decision,
          staffId,
          reasonCode: failing?.reasonCode ?? null,
          note: failing?.note ?? null,
          at: new Date(),
        });
        if (!row) {
          const exists = await findSubmission(t, id);
          throw new AppError(exists ? E.KYC_ALREADY_DECIDED : E.KYC_SUBMISSION_NOT_FOUND);
        }
        await recordAudit(t, actor, {
          action: body.decision === 'verified' ? 'kyc.verify' : 'kyc.fail',
          target: `member:${row.member_id}`,
          before: { status: 'waiting', submission: id },
          after: { status: row.status, submission: id, reasonCode: failing?.reasonCode ?? null },
          reason: failing?.note ?? failing?.reasonCode ?? null,
        });
        return row;
      });
      await events.publish('kyc.updated', {
        memberId: decided.member_id,
        submissionId: id,
        status: decided.status,
      });
      const row = await findSubmission(db, id);
      if (!row) throw new AppError(E.KYC_SUBMISSION_NOT_FOUND);
      return toSummary(row);
    },

    /**
     * Whether a member may start an order (docs/product.md, Roles): verified identity (10034) and a saved
     * USDT address (10035). The order calls call it first, so the dialogs in the app are a courtesy.
     */
    async tradingGate(memberId: number): Promise<void> {
      const [status, hasAddress] = await Promise.all([
        kycStatus(db, memberId),
        payments.hasUsdtAddress(memberId),
      ]);
      if (status !== 'verified') throw new AppError(E.KYC_REQUIRED);
      if (!hasAddress) throw new AppError(E.USDT_ADDRESS_REQUIRED);
    },

    /** An image the member uploaded; any other id answers 50040, as one that does not exist. */
    async memberFile(memberId: number, id: number): Promise<FileAnswer> {
      const file = await findFile(db, id, memberId);
      if (!file) throw new AppError(E.FILE_NOT_FOUND);
      return { bytes: file.bytes, mime: file.mime, filename: `${file.purpose}-${file.id}` };
    },

    /** Any stored image, for operators and admins. */
    async staffFile(id: number): Promise<FileAnswer> {
      const file = await findFile(db, id);
      if (!file) throw new AppError(E.FILE_NOT_FOUND);
      return { bytes: file.bytes, mime: file.mime, filename: `${file.purpose}-${file.id}` };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
