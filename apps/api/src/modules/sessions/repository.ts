import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of member and staff sessions. Both tables hold only the SHA-256 of each token; a session
 * ends when `revoked_at` is set, when it has been idle too long, or at `expires_at`.
 */
type SessionTable = 'member_sessions' | 'staff_sessions';

interface NewSession {
  tokenHash: string;
  now: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string | undefined;
}

const row = (s: NewSession) => ({
  token_hash: s.tokenHash,
  created_at: s.now,
  last_seen_at: s.now,
  expires_at: s.expiresAt,
  ip: s.ip,
  user_agent: s.userAgent?.slice(0, 300) ?? null,
});

export async function insertMemberSession(db: Kysely<DB>, memberId: number, s: NewSession): Promise<number> {
  const { id } = await db
    .insertInto('member_sessions')
    .values({ member_id: memberId, ...row(s) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertStaffSession(
  db: Kysely<DB>,
  staffId: number,
  s: NewSession & { secondFactorAt: Date | null },
): Promise<number> {
  const { id } = await db
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, second_factor_at: s.secondFactorAt, ...row(s) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findMemberSession(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('member_sessions')
    .select(['id', 'member_id', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Whether a session row can still be used, by id (for an open event stream). */
export function findSessionState(db: Kysely<DB>, table: SessionTable, id: number) {
  return db
    .selectFrom(table)
    .select(['last_seen_at', 'expires_at', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the account of a staff session is disabled. */
export function findStaffSessionAccount(db: Kysely<DB>, sessionId: number) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select('staff.disabled')
    .where('staff_sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/** A staff session with what access control needs of its staff member. */
export function findStaffSession(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id',
      'staff_sessions.staff_id',
      'staff_sessions.last_seen_at',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
      'staff_sessions.second_factor_at',
      'staff_sessions.ip',
      'staff.role',
      'staff.disabled',
      'staff.must_change_password',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(
  db: Kysely<DB>,
  table: SessionTable,
  id: number,
  now: Date,
): Promise<void> {
  await db.updateTable(table).set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSessionRow(
  db: Kysely<DB>,
  table: SessionTable,
  id: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a member, except `keepSessionId` when given. */
export async function revokeMemberSessionRows(
  db: Kysely<DB>,
  memberId: number,
  now: Date,
  keepSessionId?: number,
): Promise<number> {
  let q = db
    .updateTable('member_sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A member's sessions not revoked, not past their end and used since `idleSince`, newest first. */
export function findLiveMemberSessions(db: Kysely<DB>, memberId: number, now: Date, idleSince: Date) {
  return db
    .selectFrom('member_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('id', 'desc')
    .execute();
}

/** Ends every live session of a staff member, except `keepSessionId` when given. */
export async function revokeStaffSessionRows(
  db: Kysely<DB>,
  staffId: number,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  let q = db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/** Marks a staff session as past the second factor. */
export async function markSecondFactor(db: Kysely<DB>, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ second_factor_at: now })
    .where('id', '=', sessionId)
    .where('second_factor_at', 'is', null)
    .execute();
}

/**
 * Whether a sign-in with `userAgent` is from a device new to the member: they had sessions before,
 * none of them from this user agent (as stored: its first 300 characters).
 */
export async function isNewDevice(db: Kysely<DB>, memberId: number, userAgent: string | undefined) {
  const rows = await db
    .selectFrom('member_sessions')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('all'),
      eb.fn
        .count<string | number>('id')
        .filterWhere('user_agent', 'is not distinct from', userAgent?.slice(0, 300) ?? null)
        .as('same'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(rows.all) > 0 && Number(rows.same) === 0;
}
