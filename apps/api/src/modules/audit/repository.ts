import type { Kysely } from 'kysely';
import type { ActorType, DB } from '../../db/schema.ts';

/** Who did something: a member, a staff member, the operator CLI, or the system itself. */
export interface Actor {
  type: ActorType;
  /** Member or staff id, or the operator's OS user name; null for the system. */
  id: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  outcome?: 'success' | 'failure';
}

/** Appends one row to the audit log (the database refuses updates and deletes). */
export async function insertAudit(db: Kysely<DB>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: actor.type,
      actor_id: actor.id,
      ip: actor.ip ?? null,
      action: entry.action,
      target: entry.target ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      outcome: entry.outcome ?? 'success',
    })
    .execute();
}

/** How many rows an actor has of one action with one reason and outcome since `since`. */
export async function countRecent(
  db: Kysely<DB>,
  actor: Pick<Actor, 'type' | 'id'>,
  entry: { action: string; reason: string; outcome: 'success' | 'failure' },
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('actor_type', '=', actor.type)
    .where('actor_id', '=', actor.id)
    .where('action', '=', entry.action)
    .where('reason', '=', entry.reason)
    .where('outcome', '=', entry.outcome)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
