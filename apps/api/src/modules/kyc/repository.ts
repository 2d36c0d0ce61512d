import type { KycDocumentType, KycImageSlot, KycStatus } from '@bahtdesk/contract';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isoTime } from '../../db/json.ts';
import { countWithStatus } from '../../db/review-reads.ts';
import type { DB } from '../../db/schema.ts';
import { usdtAddressSavedOf } from '../payments/index.ts';

/** SQL of identity submissions and their images. */

type SubmissionStatus = Exclude<KycStatus, 'unverified'>;

/** The files column of each image slot. */
export const SLOT_COLUMN = {
  passportImage: 'passport_file_id',
  holdingPassportImage: 'holding_file_id',
  screenshot1Image: 'screenshot1_file_id',
  screenshot2Image: 'screenshot2_file_id',
} as const satisfies Record<KycImageSlot, string>;

/** The document a submission shows: its type and its number (a Thai ID card's, a passport's). */
export interface KycDocument {
  documentType: KycDocumentType;
  idCardNumber: string | null;
  passportNumber: string | null;
}

export function insertSubmission(
  t: Kysely<DB>,
  memberId: number,
  files: Record<KycImageSlot, number>,
  document: KycDocument,
) {
  return t
    .insertInto('kyc_submissions')
    .values({
      member_id: memberId,
      status: 'waiting',
      document_type: document.documentType,
      id_card_number: document.idCardNumber,
      passport_number: document.passportNumber,
      passport_file_id: files.passportImage,
      holding_file_id: files.holdingPassportImage,
      screenshot1_file_id: files.screenshot1Image,
      screenshot2_file_id: files.screenshot2Image,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A submission with its member's names and the username of the staff member who decided. */
function submissions(db: Kysely<DB>) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('members as m', 'm.id', 'k.member_id')
    .leftJoin('staff as s', 's.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.member_id',
      'k.status',
      'k.passport_file_id',
      'k.holding_file_id',
      'k.screenshot1_file_id',
      'k.screenshot2_file_id',
      'k.document_type',
      'k.id_card_number',
      'k.passport_number',
      'k.reason_code',
      'k.reason',
      'k.reviewed_at',
      'k.created_at',
      'm.username',
      'm.first_name',
      'm.last_name',
      'm.phone',
      'm.email',
      'm.created_at as member_created_at',
      's.username as reviewer',
    ]);
}
export type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissions>['executeTakeFirstOrThrow']>>;

/**
 * A member's identity status, as an expression: their newest submission's status, 'unverified'
 * when they have none (decision 0014). The one query of it: the identity service, the member's
 * profile and the staff's member pages all read it here.
 */
export function kycStatusOf(memberId: Expression<number> | number) {
  const eb = expressionBuilder<DB, never>();
  return eb.fn
    .coalesce(
      eb
        .selectFrom('kyc_submissions')
        .select('kyc_submissions.status')
        .where('kyc_submissions.member_id', '=', memberId)
        .orderBy('kyc_submissions.id', 'desc')
        .limit(1),
      sql<KycStatus>`'unverified'`,
    )
    .$castTo<KycStatus>();
}

/**
 * What the member's profile says of their newest submission, as one JSON object (null without
 * one): when sent and decided, the reason code as stored and the staff's note.
 */
export function kycReviewOf(memberId: Expression<number> | number) {
  const eb = expressionBuilder<DB, never>();
  return jsonObjectFrom(
    eb
      .selectFrom('kyc_submissions as k')
      .select((k) => [
        isoTime(k.ref('k.created_at')).as('submittedAt'),
        isoTime(k.ref('k.reviewed_at')).as('decidedAt'),
        'k.reason_code as reasonCode',
        'k.reason as note',
      ])
      .where('k.member_id', '=', memberId)
      .orderBy('k.id', 'desc')
      .limit(1),
  );
}

export type StoredKycReview = {
  submittedAt: string;
  decidedAt: string | null;
  reasonCode: string | null;
  note: string | null;
} | null;

/**
 * What decides whether a member may start an order, in one statement built once: their identity
 * status (kycStatusOf) and whether they saved a USDT address.
 */
export const tradingGateOf = compiledOnce((db: Kysely<DB>, memberId: number) =>
  db.selectNoFrom([kycStatusOf(memberId).as('status'), usdtAddressSavedOf(memberId).as('has_address')]),
);

export async function tradingGateRead(db: Kysely<DB>, memberId: number) {
  const [row] = await tradingGateOf(db, memberId);
  return { status: row?.status ?? 'unverified', hasAddress: Boolean(row?.has_address) };
}

/** One member's identity status (see kycStatusOf). */
export async function kycStatus(db: Kysely<DB>, memberId: number): Promise<KycStatus> {
  const row = await db.selectNoFrom(kycStatusOf(memberId).as('status')).executeTakeFirstOrThrow();
  return row.status;
}

/** Every submission of a member, newest first. */
export function submissionsOfMember(db: Kysely<DB>, memberId: number) {
  return submissions(db).where('k.member_id', '=', memberId).orderBy('k.id', 'desc').execute();
}

export function findSubmission(db: Kysely<DB>, id: number) {
  return submissions(db).where('k.id', '=', id).executeTakeFirst();
}

/** One page of the submissions with `status`: oldest first (the queue order). */
export async function submissionsPage(
  db: Kysely<DB>,
  status: SubmissionStatus,
  offset: number,
  limit: number,
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    submissions(db)
      .where('k.status', '=', status)
      .orderBy('k.created_at')
      .orderBy('k.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    countWithStatus(db, 'kyc_submissions', status),
  ]);
  return { rows, total: count };
}

/**
 * Decides a waiting submission: a conditional update, so of two staff deciding at once exactly
 * one changes the row; answers the row changed, or undefined when it was no longer waiting.
 */
export function decideSubmission(
  t: Kysely<DB>,
  id: number,
  decision: {
    status: SubmissionStatus;
    staffId: number;
    reasonCode: string | null;
    note: string | null;
    at: Date;
  },
) {
  return t
    .updateTable('kyc_submissions')
    .set({
      status: decision.status,
      reviewed_by: decision.staffId,
      reviewed_at: decision.at,
      reason_code: decision.reasonCode,
      reason: decision.note,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returning(['id', 'member_id', 'status'])
    .executeTakeFirst();
}

/** A stored image: any (staff) or only a member's own. */
export function findFile(db: Kysely<DB>, id: number, ownerMemberId?: number) {
  let query = db.selectFrom('files').select(['id', 'mime', 'bytes', 'purpose']).where('id', '=', id);
  if (ownerMemberId !== undefined) query = query.where('owner_member_id', '=', ownerMemberId);
  return query.executeTakeFirst();
}

/** The purpose of a photo staged for `slot` of the member's next submission. */
export const stagedPurpose = (slot: KycImageSlot) => `kyc-staged-${slot}`;
