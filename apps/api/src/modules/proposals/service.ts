import { type ChangeProposal, E, type TwoPersonRules } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../audit/index.ts';
import type { ProposalStore } from './store.ts';

/** What applying an approved proposal leaves to do once its transaction commits, and to answer. */
export interface Applied {
  afterCommit?: () => Promise<void>;
  /** A new account's one-time password, for the admin who approved it. */
  oneTimePassword?: string;
}

/**
 * Applies an approved proposal of its kind in the approval's transaction, checked again as if the
 * change were made now (the settings and staff services hold the rules of their changes).
 */
export type ProposalApplier = (trx: Kysely<DB>, actor: Actor, proposal: ChangeProposal) => Promise<Applied>;

/**
 * Deciding the changes that wait for a second admin (decision 0091): an enabled admin other than
 * the proposer approves one, which applies it in the same transaction as its status change, or
 * discards it. The proposals themselves are made by the services whose changes they hold.
 */
export function createProposalsService(deps: {
  db: Kysely<DB>;
  store: ProposalStore;
  staff: {
    twoPersonRules: (trx?: Kysely<DB>) => Promise<TwoPersonRules>;
    isEnabledAdmin: (trx: Kysely<DB>, id: number) => Promise<boolean>;
  };
  apply: Record<ChangeProposal['kind'], ProposalApplier>;
}) {
  const { db, store, staff } = deps;

  /** Runs a decision of `actor`, who must be an enabled admin (403 otherwise), in one transaction. */
  async function deciding<T>(actor: Actor, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      await store.lock(trx);
      const admin = actor.type === 'staff' && (await staff.isEnabledAdmin(trx, Number(actor.id)));
      if (!admin) throw new AppError(E.ACCESS_DENIED);
      return work(trx);
    });
    await store.announce();
    return result;
  }

  return {
    /** The proposals waiting, and whether two-person rules hold. */
    async list(): Promise<{ items: ChangeProposal[]; twoPersonRules: TwoPersonRules }> {
      const [items, twoPersonRules] = await Promise.all([store.pending(), staff.twoPersonRules()]);
      return { items, twoPersonRules };
    },

    /** Approves the pending proposal `id` and applies it, atomically (audited). */
    async approve(
      actor: Actor,
      id: number,
    ): Promise<{ proposal: ChangeProposal; oneTimePassword: string | null }> {
      const { proposal, applied } = await deciding(actor, async (trx) => {
        const decided = await store.decide(trx, actor, id, 'approved');
        return { proposal: decided, applied: await deps.apply[decided.kind](trx, actor, decided) };
      });
      await applied.afterCommit?.();
      return { proposal, oneTimePassword: applied.oneTimePassword ?? null };
    },

    /** Discards the pending proposal `id`: the value in force stays (audited). */
    async discard(actor: Actor, id: number): Promise<{ proposal: ChangeProposal }> {
      return { proposal: await deciding(actor, (trx) => store.decide(trx, actor, id, 'discarded')) };
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
