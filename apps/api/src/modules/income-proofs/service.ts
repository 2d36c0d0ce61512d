import {
  E,
  INCOME_PROOF_KINDS,
  INCOME_PROOF_SLOTS,
  type IncomeProof,
  type IncomeProofKind,
  type IncomeProofRefuseReason,
  type IncomeProofSlot,
  type IncomeProofSummary,
  type incomeProofDecisionBodySchema,
  type StagedPhoto,
  type submitIncomeProofBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import { countWithStatus } from '../../db/review-reads.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { checkStaged, claimStagedImage, spendUpload, stageImage } from '../images/index.ts';
import type { RiskService } from '../risk/index.ts';
import {
  decideProof,
  findProof,
  insertProof,
  type ProofRow,
  proofsOfMember,
  proofsPage,
} from './repository.ts';

type SubmitBody = z.output<typeof submitIncomeProofBodySchema>;
type DecisionBody = z.output<typeof incomeProofDecisionBodySchema>;

/** The purpose of a page staged for `slot` of the member's next proof. */
const stagedPurpose = (slot: IncomeProofSlot) => `proof-staged-${slot}`;

function toProof(row: ProofRow): IncomeProof {
  return {
    id: row.id,
    kind: row.kind as IncomeProofKind,
    status: row.status,
    submittedAt: row.created_at.toISOString(),
    decidedAt: row.reviewed_at?.toISOString() ?? null,
    reasonCode: row.reason_code as IncomeProofRefuseReason | null,
    note: row.reason,
    images: [row.page1_file_id, row.page2_file_id, row.page3_file_id].filter(
      (id): id is number => id !== null,
    ),
  };
}

function toSummary(row: ProofRow): IncomeProofSummary {
  return {
    ...toProof(row),
    memberId: row.member_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    decidedBy: row.reviewer,
  };
}

interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  risk: Pick<RiskService, 'limits' | 'setLevelIn'>;
}

/**
 * Proof of income or assets (decision 0071): a verified level-1 member stages one to three pages
 * through the identity photos' pipeline (decision 0062) and sends them; staff accept (the member
 * becomes level 2 through the risk service's level change) or refuse with a reason, with a
 * conditional update so one decision wins. Every change is audited in its transaction.
 */
export function createIncomeProofsService({ db, events, risk }: Deps) {
  /** Refuses unless the member is verified (50053), at level 1 (50054) and has no proof waiting (50055). */
  async function mayStillSend(memberId: number): Promise<void> {
    const { level } = await risk.limits(memberId);
    if (level === 0) throw new AppError(E.INCOME_PROOF_NOT_VERIFIED);
    if (level === 2) throw new AppError(E.INCOME_PROOF_ALREADY_LEVEL_2);
    const newest = (await proofsOfMember(db, memberId))[0];
    if (newest?.status === 'waiting') throw new AppError(E.INCOME_PROOF_WAITING);
  }

  async function summary(id: number): Promise<IncomeProofSummary> {
    const row = await findProof(db, id);
    if (!row) throw new AppError(E.INCOME_PROOF_NOT_FOUND);
    return toSummary(row);
  }

  return {
    /** stageProofImage: one page checked and kept for the member's next proof. */
    async stage(actor: Actor, memberId: number, slot: IncomeProofSlot, image: string): Promise<StagedPhoto> {
      await mayStillSend(memberId);
      await spendUpload(db, actor, memberId, `stage proof ${slot}`);
      return stageImage(db, memberId, stagedPurpose(slot), image);
    },

    /** submitIncomeProof: the staged pages, named by id, become one waiting proof, audited. */
    async submit(actor: Actor, memberId: number, body: SubmitBody, now = new Date()): Promise<IncomeProof> {
      await mayStillSend(memberId);
      const wanted = INCOME_PROOF_SLOTS.flatMap((slot) => {
        const id = body.photos[slot];
        return id === undefined ? [] : [{ slot, id, purpose: stagedPurpose(slot) }];
      });
      await checkStaged(db, memberId, wanted, now);
      const id = await db
        .transaction()
        .execute(async (t) => {
          for (const { slot, ...staged } of wanted) {
            // Expired, replaced or taken since the check above: nothing of the proof is written.
            if (!(await claimStagedImage(t, memberId, staged, 'proof', now))) {
              throw new AppError(E.STAGED_IMAGE_NOT_FOUND, { slot });
            }
          }
          const row = await insertProof(
            t,
            memberId,
            body.kind,
            wanted.map((w) => w.id),
          );
          await recordAudit(t, actor, {
            action: 'proof.submit',
            target: `member:${memberId}`,
            after: { status: 'waiting', proof: row.id, kind: body.kind, files: wanted.map((w) => w.id) },
          });
          return row.id;
        })
        .catch((error: unknown) => {
          // The one-waiting-proof index: another proof of this member won the race.
          if ((error as { code?: string }).code === '23505') throw new AppError(E.INCOME_PROOF_WAITING);
          throw error;
        });
      await events.publish('members.changed', { id: memberId });
      return toProof((await findProof(db, id)) as ProofRow);
    },

    /** getIncomeProof: the member's newest proof, or null. */
    async newest(memberId: number): Promise<IncomeProof | null> {
      const row = (await proofsOfMember(db, memberId))[0];
      return row ? toProof(row) : null;
    },

    /** Every proof of a member, newest first (the member's page in the console). */
    async ofMember(memberId: number): Promise<IncomeProofSummary[]> {
      return (await proofsOfMember(db, memberId)).map(toSummary);
    },

    async queue(query: PageRequest & { status: IncomeProof['status'] }): Promise<Page<IncomeProofSummary>> {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await proofsPage(db, query.status, offset, limit);
      return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    summary,

    /** How many proofs wait for a staff decision (the dashboard). */
    waitingCount(): Promise<number> {
      return countWithStatus(db, 'income_proofs', 'waiting');
    },

    /**
     * Accepts or refuses a waiting proof: one winner (40035 for the other). Accepting sets level 2
     * in the same transaction through the risk service, audited `member.level.set` with the proof
     * as its note; both decisions are audited `proof.accept` or `proof.refuse`.
     */
    async decide(actor: Actor, staffId: number, id: number, body: DecisionBody): Promise<IncomeProofSummary> {
      const refusing = body.decision === 'refused' ? body : null;
      if (refusing?.reasonCode === 'other' && !refusing.note)
        throw new AppError(E.INCOME_PROOF_REASON_REQUIRED);
      const now = new Date();
      const decided = await db.transaction().execute(async (t) => {
        const row = await decideProof(t, id, {
          status: body.decision,
          staffId,
          reasonCode: refusing?.reasonCode ?? null,
          note: refusing?.note ?? null,
          at: now,
        });
        if (!row) {
          throw new AppError((await findProof(t, id)) ? E.INCOME_PROOF_DECIDED : E.INCOME_PROOF_NOT_FOUND);
        }
        if (body.decision === 'accepted') {
          const kind = INCOME_PROOF_KINDS[row.kind as IncomeProofKind]?.en ?? row.kind;
          await risk.setLevelIn(
            t,
            actor,
            row.member_id,
            { level: 2, note: `Proof of income #${id} accepted (${kind}).` },
            now,
          );
        }
        await recordAudit(t, actor, {
          action: body.decision === 'accepted' ? 'proof.accept' : 'proof.refuse',
          target: `member:${row.member_id}`,
          before: { status: 'waiting', proof: id },
          after: { status: row.status, proof: id, reasonCode: refusing?.reasonCode ?? null },
          reason: refusing?.note ?? refusing?.reasonCode ?? null,
        });
        return row;
      });
      await events.publish('members.changed', { id: decided.member_id });
      return summary(id);
    },
  };
}

export type IncomeProofsService = ReturnType<typeof createIncomeProofsService>;
