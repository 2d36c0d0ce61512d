import {
  E,
  type ImageCheck,
  KYC_IMAGE_SLOTS,
  KYC_REJECT_REASON_CODES,
  KYC_REJECT_REASONS,
  type KycImageSlot,
  type KycRejectReason,
  type KycReview,
  type KycStatus,
  type KycSubmission,
  type KycSubmissionSummary,
  type kycDecisionBodySchema,
  kycTransitionAllowed,
  type StagedPhoto,
  type submitKycBodySchema,
  type uploadKycBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import { countWithStatus } from '../../db/review-reads.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { FileAnswer } from '../../http/route.ts';
import type { Notice, Notices } from '../../notifications/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import {
  checkImage,
  checkStaged,
  claimStagedImage,
  spendUpload as spendUploadOf,
  stageImage,
  storeImage,
} from '../images/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import {
  decideSubmission,
  findFile,
  findSubmission,
  insertSubmission,
  type KycDocument,
  kycStatus,
  SLOT_COLUMN,
  type StoredKycReview,
  type SubmissionRow,
  stagedPurpose,
  submissionsOfMember,
  submissionsPage,
  tradingGateRead,
} from './repository.ts';

type UploadKycBody = z.output<typeof uploadKycBodySchema>;
type SubmitKycBody = z.output<typeof submitKycBodySchema>;

type DecisionBody = z.output<typeof kycDecisionBodySchema>;

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
    documentType: row.document_type,
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
/** The member's message on a decision: verified, or refused with the reason (and the staff's note). */
function identityNotice(
  memberId: number,
  failing: { reasonCode: KycRejectReason; note?: string | null } | null,
): Notice {
  if (!failing) return { memberId, template: 'identityVerified' };
  const reason = KYC_REJECT_REASONS[failing.reasonCode];
  const note = failing.note ? ` ${failing.note}` : '';
  return {
    memberId,
    template: 'identityRefused',
    params: { reason: { en: reason.en + note, th: reason.th + note } },
  };
}

interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  payments: Pick<PaymentsService, 'list'>;
  /** The member's message on a decision, queued in its transaction (decision 0078). */
  notices: Pick<Notices, 'send'>;
}

export function createKycService({ db, events, payments, notices }: Deps) {
  const spendUpload = (actor: Actor, memberId: number, what: string) =>
    spendUploadOf(db, actor, memberId, what);

  /** The member's status, when a submission may start from it (10036 otherwise). */
  async function mayStillSubmit(memberId: number): Promise<KycStatus> {
    const status = await kycStatus(db, memberId);
    if (!kycTransitionAllowed('submit', status)) throw new AppError(E.KYC_ALREADY_SUBMITTED);
    return status;
  }

  /**
   * Writes a submission with the files `filesIn` gives in the same transaction, audited (the
   * document's type, never its number), and announces it. The one-waiting-submission index
   * answers a race between two submissions of one member with 10036.
   */
  async function record(
    actor: Actor,
    memberId: number,
    before: KycStatus,
    document: KycDocument,
    filesIn: (t: Kysely<DB>) => Promise<Record<KycImageSlot, number>>,
  ): Promise<{ kycStatus: KycStatus }> {
    const submission = await db
      .transaction()
      .execute(async (t) => {
        const files = await filesIn(t);
        const row = await insertSubmission(t, memberId, files, {
          documentType: document.documentType,
          idCardNumber: document.idCardNumber,
          passportNumber: document.passportNumber,
        });
        await recordAudit(t, actor, {
          action: 'kyc.submit',
          target: `member:${memberId}`,
          before: { status: before },
          after: { status: 'waiting', submission: row.id, documentType: document.documentType, files },
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
  }

  return {
    /** uploadImgFile: the same checks as a submission's, nothing stored. */
    async checkOne(actor: Actor, memberId: number, image: string): Promise<ImageCheck> {
      await spendUpload(actor, memberId, 'check');
      const checked = await checkImage(image);
      return { mime: checked.mime, size: checked.bytes.length, width: checked.width, height: checked.height };
    },

    /**
     * stageKycImage: the same checks as a submission's; the photo is kept for the member's next
     * submission (submitKyc) for KYC_STAGED_PHOTO_HOURS, replacing the one staged for its slot.
     */
    async stage(
      actor: Actor,
      memberId: number,
      slot: KycImageSlot,
      image: string,
      now = new Date(),
    ): Promise<StagedPhoto> {
      await mayStillSubmit(memberId);
      await spendUpload(actor, memberId, `stage ${slot}`);
      return stageImage(db, memberId, stagedPurpose(slot), image, now);
    },

    /** uploadKyc: the member becomes waiting, or nothing is stored (10036 unless unverified or failed). */
    async submit(actor: Actor, memberId: number, body: UploadKycBody): Promise<{ kycStatus: KycStatus }> {
      const before = await mayStillSubmit(memberId);
      await spendUpload(actor, memberId, 'submit');
      // Checked one after another: one process never decodes four large images at once.
      const images = [] as Awaited<ReturnType<typeof checkImage>>[];
      for (const slot of KYC_IMAGE_SLOTS) images.push(await checkImage(body[slot]));
      return record(actor, memberId, before, body, async (t) => {
        const files = {} as Record<KycImageSlot, number>;
        for (const [i, slot] of KYC_IMAGE_SLOTS.entries()) {
          files[slot] = await storeImage(t, memberId, 'kyc', images[i] as (typeof images)[number]);
        }
        return files;
      });
    },

    /**
     * submitKyc: the photos staged before, named by id, go into the submission without being sent
     * or checked again. Each must be the member's own and staged for its slot (50032, naming the
     * slot; another member's photo answers the same as one that does not exist), not expired
     * (50033), and no two the same photo (50034).
     */
    async submitStaged(
      actor: Actor,
      memberId: number,
      body: SubmitKycBody,
      now = new Date(),
    ): Promise<{ kycStatus: KycStatus }> {
      const before = await mayStillSubmit(memberId);
      const wanted = KYC_IMAGE_SLOTS.map((slot) => ({
        slot,
        id: body.photos[slot],
        purpose: stagedPurpose(slot),
      }));
      await checkStaged(db, memberId, wanted, now);
      return record(actor, memberId, before, body, async (t) => {
        for (const slot of KYC_IMAGE_SLOTS) {
          // Expired, replaced or taken since the read above: nothing of the submission is written.
          const staged = { id: body.photos[slot], purpose: stagedPurpose(slot) };
          if (!(await claimStagedImage(t, memberId, staged, 'kyc', now))) {
            throw new AppError(E.STAGED_IMAGE_NOT_FOUND, { slot });
          }
        }
        return body.photos;
      });
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
      return countWithStatus(db, 'kyc_submissions', 'waiting');
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
        idCardNumber: row.id_card_number,
        passportNumber: row.passport_number,
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
        await notices.send(t, [identityNotice(row.member_id, failing)]);
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
      const { status, hasAddress } = await tradingGateRead(db, memberId);
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
