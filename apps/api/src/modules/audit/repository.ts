import { isExpression, type Kysely, type RawBuilder, sql } from 'kysely';
import { likeLiteral } from '../../db/like.ts';
import type { ActorType, DB } from '../../db/schema.ts';
import { auditJson } from './mask.ts';

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

/**
 * Appends one row to the audit log (the database refuses updates and deletes), bank account numbers
 * in `before` and `after` masked (mask.ts).
 */
export async function insertAudit(db: Kysely<DB>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: actor.type,
      actor_id: actor.id,
      ip: actor.ip ?? null,
      action: entry.action,
      target: entry.target ?? null,
      before: entry.before === undefined ? null : auditJson(entry.before),
      after: entry.after === undefined ? null : auditJson(entry.after),
      reason: entry.reason ?? null,
      outcome: entry.outcome ?? 'success',
    })
    .execute();
}

/**
 * The audit row of a change made in the same statement: an INSERT that writes `entry` once for each
 * row of the CTE `source`, so a conditional change that matched nothing records nothing. Use it as
 * a data-modifying CTE beside the change (`with moved as (update ... returning *), audited as
 * (<this>) select * from moved`): one statement, one round trip, atomic without a transaction.
 * `target` may be an expression over the source's columns, for a change of several rows.
 */
export function auditInsertFrom(
  source: string,
  actor: Actor,
  entry: Omit<AuditEntry, 'target'> & { target: string | RawBuilder<string> },
): RawBuilder<unknown> {
  // SQL already (such as a parameter of a statement built once, bound to JSON text) goes in as is;
  // its caller writes no account number in it.
  const json = (value: unknown) =>
    value === undefined ? null : isExpression(value) ? value : auditJson(value);
  return sql`insert into audit_log (actor_type, actor_id, ip, action, target, before, after, reason, outcome)
    select ${actor.type}, ${actor.id}, ${actor.ip ?? null}, ${entry.action}, ${entry.target},
      ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${entry.reason ?? null}, ${entry.outcome ?? 'success'}
    from ${sql.table(source)}`;
}

/** The successful rows of one action since `since`, newest first, at most `limit`. */
export function findRecent(db: Kysely<DB>, action: string, since: Date, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['created_at', 'actor_id', 'target', 'after'])
    .where('action', '=', action)
    .where('outcome', '=', 'success')
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .limit(limit)
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

/** What the audit log is filtered by: each optional; `from`/`to` bound created_at (end excluded). */
export interface AuditQuery {
  /** A staff or member username (any letter case), or an actor id. */
  actor?: string | undefined;
  /** Prefixes of the action and target. */
  action?: string | undefined;
  target?: string | undefined;
  /** By or about one member: actor that member, or target `member:<id>`. */
  member?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function filtered(db: Kysely<DB>, q: AuditQuery) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('staff as s', (join) =>
      join.on('a.actor_type', '=', 'staff').on(sql`cast(s.id as text)`, '=', sql.ref('a.actor_id')),
    )
    .leftJoin('members as m', (join) =>
      join.on('a.actor_type', '=', 'member').on(sql`cast(m.id as text)`, '=', sql.ref('a.actor_id')),
    );
  const { actor, action, target, member, from, to } = q;
  if (actor !== undefined) {
    const name = actor.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb('a.actor_id', '=', actor),
        eb(sql`lower(s.username)`, '=', name),
        eb(sql`lower(m.username)`, '=', name),
      ]),
    );
  }
  if (action !== undefined) query = query.where('a.action', 'like', `${likeLiteral(action)}%`);
  if (target !== undefined) query = query.where('a.target', 'like', `${likeLiteral(target)}%`);
  if (member !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('a.actor_type', '=', 'member'), eb('a.actor_id', '=', String(member))]),
        eb('a.target', '=', `member:${member}`),
      ]),
    );
  }
  if (from !== undefined) query = query.where('a.created_at', '>=', from);
  if (to !== undefined) query = query.where('a.created_at', '<', to);
  return query;
}

/** Matching rows, newest first, with the actor's username when known; `beforeId` for the next batch. */
export function findAuditRows(
  db: Kysely<DB>,
  q: AuditQuery,
  page: { limit: number; offset?: number; beforeId?: number },
) {
  let query = filtered(db, q)
    .selectAll('a')
    .select(sql<string | null>`coalesce(s.username, m.username)`.as('actor_name'))
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  if (page.beforeId !== undefined) query = query.where('a.id', '<', page.beforeId);
  return query.execute();
}

export async function countAuditRows(db: Kysely<DB>, q: AuditQuery): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
