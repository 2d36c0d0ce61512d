import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the change_proposals table: changes waiting for a second admin (decision 0091). */

/**
 * Makes guarded changes, proposals and their decisions run one at a time until the transaction
 * ends, so each is checked against the value in force, the pending proposal and the number of
 * enabled admins as they really are.
 */
export async function lockChangeProposals(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('bahtdesk.change_proposals'))`.execute(trx);
}

export async function insertProposal(
  db: Kysely<DB>,
  values: {
    kind: 'setting' | 'staff';
    target: string;
    value: unknown;
    replaces: unknown;
    staffId: number | null;
    proposedBy: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('change_proposals')
    .values({
      kind: values.kind,
      target: values.target,
      value: JSON.stringify(values.value),
      replaces: values.replaces === undefined ? null : JSON.stringify(values.replaces),
      proposed_by_staff_id: values.staffId,
      proposed_by: values.proposedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the pending proposal of `target` superseded; the ids it marked (at most one). */
export async function supersedePending(
  db: Kysely<DB>,
  target: string,
  by: { staffId: number | null; decidedBy: string },
): Promise<number[]> {
  const rows = await db
    .updateTable('change_proposals')
    .set({
      status: 'superseded',
      decided_by_staff_id: by.staffId,
      decided_by: by.decidedBy,
      decided_at: new Date(),
    })
    .where('target', '=', target)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Closes the pending proposal `id` as decided, unless `staffId` proposed it: one conditional update,
 * so of two racing decisions exactly one gets true.
 */
export async function decideProposal(
  db: Kysely<DB>,
  id: number,
  decision: { status: 'approved' | 'discarded'; staffId: number | null; decidedBy: string },
): Promise<boolean> {
  let update = db
    .updateTable('change_proposals')
    .set({
      status: decision.status,
      decided_by_staff_id: decision.staffId,
      decided_by: decision.decidedBy,
      decided_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('proposed_by', '<>', decision.decidedBy);
  const { staffId } = decision;
  if (staffId !== null) {
    update = update.where((eb) =>
      eb.or([eb('proposed_by_staff_id', 'is', null), eb('proposed_by_staff_id', '<>', staffId)]),
    );
  }
  const row = await update.returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Proposals with the usernames they name: the proposer's, the decider's and, for a change of a
 * staff account, the account's.
 */
function proposalQuery(db: Kysely<DB>) {
  return db
    .selectFrom('change_proposals')
    .leftJoin('staff as proposer', 'proposer.id', 'change_proposals.proposed_by_staff_id')
    .leftJoin('staff as decider', 'decider.id', 'change_proposals.decided_by_staff_id')
    .leftJoin('staff as account', (join) =>
      join.on(sql<boolean>`change_proposals.target = 'staff:' || account.id`),
    )
    .select([
      'change_proposals.id',
      'change_proposals.kind',
      'change_proposals.target',
      'change_proposals.value',
      'change_proposals.replaces',
      'change_proposals.status',
      'change_proposals.proposed_by_staff_id',
      'change_proposals.proposed_by',
      'change_proposals.decided_by',
      'change_proposals.decided_at',
      'change_proposals.created_at',
      'proposer.username as proposer_username',
      'decider.username as decider_username',
      'account.username as account_username',
    ]);
}

export type ProposalRow = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

export function findProposal(db: Kysely<DB>, id: number) {
  return proposalQuery(db).where('change_proposals.id', '=', id).executeTakeFirst();
}

/** The pending proposals, oldest first. */
export function findPendingProposals(db: Kysely<DB>) {
  return proposalQuery(db)
    .where('change_proposals.status', '=', 'pending')
    .orderBy('change_proposals.id')
    .execute();
}
