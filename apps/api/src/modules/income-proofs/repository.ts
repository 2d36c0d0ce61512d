import type { IncomeProofStatus } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { countWithStatus } from '../../db/review-reads.ts';
import type { DB } from '../../db/schema.ts';

/** SQL of proofs of income or assets and their decisions. */

export function insertProof(t: Kysely<DB>, memberId: number, kind: string, files: number[]) {
  return t
    .insertInto('income_proofs')
    .values({
      member_id: memberId,
      kind,
      page1_file_id: files[0] as number,
      page2_file_id: files[1] ?? null,
      page3_file_id: files[2] ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Proofs with their member's names and the username of the staff member who decided. */
function proofs(db: Kysely<DB>) {
  return db
    .selectFrom('income_proofs as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .leftJoin('staff as s', 's.id', 'p.reviewed_by')
    .select([
      'p.id',
      'p.member_id',
      'p.kind',
      'p.status',
      'p.page1_file_id',
      'p.page2_file_id',
      'p.page3_file_id',
      'p.reason_code',
      'p.reason',
      'p.reviewed_at',
      'p.created_at',
      'm.username',
      'm.first_name',
      'm.last_name',
      's.username as reviewer',
    ]);
}
export type ProofRow = Awaited<ReturnType<ReturnType<typeof proofs>['executeTakeFirstOrThrow']>>;

export function findProof(db: Kysely<DB>, id: number) {
  return proofs(db).where('p.id', '=', id).executeTakeFirst();
}

/** A member's proofs, newest first. */
export function proofsOfMember(db: Kysely<DB>, memberId: number) {
  return proofs(db).where('p.member_id', '=', memberId).orderBy('p.id', 'desc').execute();
}

/** One page of the proofs with `status`, oldest first (the queue order), and how many there are. */
export async function proofsPage(
  db: Kysely<DB>,
  status: IncomeProofStatus,
  offset: number,
  limit: number,
): Promise<{ rows: ProofRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    proofs(db)
      .where('p.status', '=', status)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    countWithStatus(db, 'income_proofs', status),
  ]);
  return { rows, total: count };
}

/**
 * Decides a waiting proof: a conditional update, so of two staff deciding at once exactly one
 * changes the row; answers the row changed, or undefined when it was no longer waiting.
 */
export function decideProof(
  t: Kysely<DB>,
  id: number,
  decision: {
    status: Exclude<IncomeProofStatus, 'waiting'>;
    staffId: number;
    reasonCode: string | null;
    note: string | null;
    at: Date;
  },
) {
  return t
    .updateTable('income_proofs')
    .set({
      status: decision.status,
      reviewed_by: decision.staffId,
      reviewed_at: decision.at,
      reason_code: decision.reasonCode,
      reason: decision.note,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returning(['id', 'member_id', 'kind', 'status'])
    .executeTakeFirst();
}
