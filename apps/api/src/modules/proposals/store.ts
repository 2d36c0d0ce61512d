import { type ChangeProposal, E, type StaffProposalValue, type TwoPersonRules } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import {
  decideProposal,
  findPendingProposals,
  findProposal,
  insertProposal,
  lockChangeProposals,
  type ProposalRow,
  supersedePending,
} from './repository.ts';

/** How an actor is recorded on a proposal ('staff:3', 'operator:root'). */
const recordedActor = (actor: Actor) => `${actor.type}:${actor.id ?? ''}`;
const staffIdOf = (actor: Actor) => (actor.type === 'staff' && actor.id ? Number(actor.id) : null);

/**
 * Whether `actor`'s guarded changes are held to two-person rules: a staff member's are, whoever
 * they act through (the console, or the command line signed in as them). The system's own writes
 * and the operator's at the server's shell (outside the threat model, docs/security.md) are not.
 */
export const boundByTwoPersonRules = (actor: Actor): boolean => actor.type === 'staff';

/** A proposal row as the contract answers it. */
function answer(row: ProposalRow): ChangeProposal {
  const common = {
    id: row.id,
    status: row.status,
    proposedBy: row.proposer_username ?? row.proposed_by,
    proposedByStaffId: row.proposed_by_staff_id,
    decidedBy: row.decider_username ?? row.decided_by,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
  if (row.kind === 'setting') {
    return { ...common, kind: 'setting', target: row.target, value: row.value, replaces: row.replaces };
  }
  const value = row.value as StaffProposalValue;
  return {
    ...common,
    kind: 'staff',
    target: row.target,
    username: 'create' in value ? value.create.username : (row.account_username ?? row.target),
    value,
    replaces: row.replaces as Extract<ChangeProposal, { kind: 'staff' }>['replaces'],
  };
}

export interface ProposedChange {
  kind: ChangeProposal['kind'];
  /** A setting's key, `staff:<id>`, or `staff:new:<username>`. */
  target: string;
  value: unknown;
  /** What the change replaces, as in force now (null for a new account). */
  replaces: unknown;
}

/**
 * The changes waiting for a second admin (decision 0091), for the services that hold them (settings,
 * staff) and decide them (proposals). Every call takes the caller's transaction, which first takes
 * `lock`: guarded changes, proposals and decisions then run one at a time.
 */
export function createProposalStore(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  /** Marks the pending proposal of `target` superseded by `actor`'s change (audited); whether there was one. */
  async function supersede(trx: Kysely<DB>, actor: Actor, target: string): Promise<boolean> {
    const ids = await supersedePending(trx, target, {
      staffId: staffIdOf(actor),
      decidedBy: recordedActor(actor),
    });
    for (const id of ids) {
      await recordAudit(trx, actor, {
        action: 'proposal.supersede',
        target: `proposal:${id}`,
        after: { target },
      });
    }
    return ids.length > 0;
  }

  async function read(trx: Kysely<DB>, id: number): Promise<ChangeProposal> {
    const row = await findProposal(trx, id);
    if (!row) throw new AppError(E.PROPOSAL_NOT_FOUND);
    return answer(row);
  }

  return {
    lock: lockChangeProposals,

    supersede,

    /**
     * Records `change` as its target's pending proposal, replacing the one before (audited, with
     * the value it replaces); the value in force stays.
     */
    async propose(trx: Kysely<DB>, actor: Actor, change: ProposedChange): Promise<ChangeProposal> {
      await supersede(trx, actor, change.target);
      const id = await insertProposal(trx, {
        ...change,
        staffId: staffIdOf(actor),
        proposedBy: recordedActor(actor),
      });
      const proposal = await read(trx, id);
      await recordAudit(trx, actor, {
        action: 'proposal.propose',
        target: `proposal:${id}`,
        before: change.replaces,
        after: proposal,
      });
      return proposal;
    },

    /** Records that a guarded change was made by one admin: the desk had fewer than two. */
    recordAlone: (trx: Kysely<DB>, actor: Actor, target: string, rules: TwoPersonRules) =>
      recordAudit(trx, actor, { action: 'change.alone', target, after: rules }),

    /**
     * Closes the pending proposal `id` as `status`, decided by `actor`, who did not propose it:
     * 31010 when there is none, 31012 when it is not pending, 31011 for its proposer. The close is
     * one conditional update that names who may not decide, so of two racing decisions one wins.
     * Audited with the proposal (and so its proposer). Answers the proposal as decided.
     */
    async decide(
      trx: Kysely<DB>,
      actor: Actor,
      id: number,
      status: 'approved' | 'discarded',
    ): Promise<ChangeProposal> {
      const row = await findProposal(trx, id);
      if (!row) throw new AppError(E.PROPOSAL_NOT_FOUND);
      if (row.status !== 'pending') throw new AppError(E.PROPOSAL_DECIDED);
      const staffId = staffIdOf(actor);
      const own =
        row.proposed_by === recordedActor(actor) ||
        (staffId !== null && row.proposed_by_staff_id === staffId);
      if (own) throw new AppError(E.PROPOSAL_OWN);
      const decided = await decideProposal(trx, id, { status, staffId, decidedBy: recordedActor(actor) });
      if (!decided) throw new AppError(E.PROPOSAL_DECIDED);
      const proposal = await read(trx, id);
      await recordAudit(trx, actor, {
        action: status === 'approved' ? 'proposal.approve' : 'proposal.discard',
        target: `proposal:${id}`,
        after: proposal,
      });
      return proposal;
    },

    /** The proposals waiting, oldest first. */
    async pending(): Promise<ChangeProposal[]> {
      return (await findPendingProposals(db)).map(answer);
    },

    /** Tells open consoles that the proposals changed (after the transaction committed). */
    announce: () => events.publish('proposals.changed'),
  };
}

export type ProposalStore = ReturnType<typeof createProposalStore>;
