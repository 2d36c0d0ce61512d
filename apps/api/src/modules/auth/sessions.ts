import { E } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a session lives: ended by inactivity or by age, whichever comes first. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Activity is written at most this often per session, so a busy member does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionMember {
  memberId: number;
  sessionId: number;
}

/** Starts a session for a member: returns the token (given to the client once) and when it ends at the latest. */
export async function createSession(
  db: Kysely<DB>,
  memberId: number,
  policy: SessionPolicy,
  meta: { ip: string; userAgent: string | undefined },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  await db
    .insertInto('member_sessions')
    .values({
      member_id: memberId,
      token_hash: hash,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The member a bearer token belongs to. Throws the code the member app acts on: no or unknown
 * token 500, expired by inactivity or age 501, revoked (signed out, or ended by a password
 * change) 502.
 */
export async function authenticate(
  db: Kysely<DB>,
  token: string | undefined,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionMember> {
  if (!token) throw new AppError(E.NOT_ALLOWED);
  const session = await db
    .selectFrom('member_sessions')
    .select(['id', 'member_id', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) throw new AppError(E.NOT_ALLOWED);
  if (session.revoked_at !== null) throw new AppError(E.LOGGED_OUT);
  const t = now.getTime();
  if (session.expires_at.getTime() <= t || session.last_seen_at.getTime() + policy.idleMs <= t) {
    throw new AppError(E.TOKEN_EXPIRED);
  }
  if (t - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.updateTable('member_sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
  }
  return { memberId: session.member_id, sessionId: session.id };
}

export async function revokeSession(db: Kysely<DB>, sessionId: number, now = new Date()): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a member, except `keepSessionId` when given. */
export async function revokeMemberSessions(
  db: Kysely<DB>,
  memberId: number,
  keepSessionId?: number,
  now = new Date(),
): Promise<void> {
  let q = db
    .updateTable('member_sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/** The session as sign-in and sign-up return it. */
export function sessionResult(session: { token: string; expiresAt: Date }) {
  return { token: session.token, tokenType: 'Bearer' as const, expiresAt: session.expiresAt.toISOString() };
}
