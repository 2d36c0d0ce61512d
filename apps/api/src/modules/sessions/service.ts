import { E, type StaffRole } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { createSessionCache } from './cache.ts';
import {
  findLiveMemberSessions,
  findMemberSession,
  findSessionState,
  findStaffSession,
  findStaffSessionAccount,
  insertMemberSession,
  insertStaffSession,
  isNewDevice,
  markSecondFactor,
  revokeMemberSessionRows,
  revokeSessionRow,
  revokeStaffSessionRows,
  touchSession,
} from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a session lives: ended by inactivity or by age, whichever comes first. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * How often a session's activity is written: a tenth of the idle limit, at most once a minute, so
 * a session used at any interval shorter than the idle limit never expires while in use, and a
 * busy one does not write on every call.
 */
export const touchIntervalMs = (policy: SessionPolicy) => Math.min(60_000, Math.floor(policy.idleMs / 10));

export interface MemberSession {
  memberId: number;
  sessionId: number;
}

export interface StaffSession {
  staffId: number;
  sessionId: number;
  role: StaffRole;
  /** Whether this session has passed the second factor (TOTP or a recovery code). */
  secondFactorPassed: boolean;
  /** The client address the session signed in from (its code attempts count against it). */
  signInIp: string | null;
  /**
   * Whether the session may do more than finish signing in: second factor passed and no one-time
   * password left to change. The access plugin limits a session until this is true.
   */
  secondFactorDone: boolean;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

interface Started {
  token: string;
  expiresAt: Date;
}

/** The session as sign-in and sign-up return it. */
export function sessionResult(session: Started) {
  return { token: session.token, tokenType: 'Bearer' as const, expiresAt: session.expiresAt.toISOString() };
}

/** Whose sessions ended: announced on the event bus so every process closes their streams. */
export type SessionOwner = { memberId: number } | { staffId: number };

/** Throws the code the apps act on when a session row cannot be used: 502 ended, 501 expired. */
function assertLive(
  session: { revoked_at: Date | null; expires_at: Date; last_seen_at: Date },
  policy: SessionPolicy,
  t: number,
): void {
  if (session.revoked_at !== null) throw new AppError(E.LOGGED_OUT);
  if (session.expires_at.getTime() <= t || session.last_seen_at.getTime() + policy.idleMs <= t) {
    throw new AppError(E.TOKEN_EXPIRED);
  }
}

/**
 * Member and staff sessions: opaque random tokens of which only the hash is stored, with idle and
 * absolute expiry. A member token never opens a staff call and the reverse: they live in separate
 * tables and are looked up by separate functions. Ending sessions is announced on the event bus
 * (`session.ended`), so an event stream opened with one closes in every process; a caller that
 * ends sessions inside its transaction announces it once the transaction has committed.
 * A member session read within the touch interval of its last read is answered from this
 * process's memory (cache.ts, decision 0066), which the same announcement clears in every process.
 */
export function createSessionService(
  db: Kysely<DB>,
  policies: { member: SessionPolicy; staff: SessionPolicy },
  events: Pick<EventBus, 'publish' | 'subscribe' | 'healthy'>,
) {
  const known = createSessionCache(events);
  const touchMember = touchIntervalMs(policies.member);
  const touchStaff = touchIntervalMs(policies.staff);

  /** Whether a session can still be used now (not ended, not expired); for open event streams. */
  async function isLive(table: 'member_sessions' | 'staff_sessions', id: number, now: Date) {
    const row = await findSessionState(db, table, id);
    if (!row) return false;
    try {
      assertLive(row, table === 'member_sessions' ? policies.member : policies.staff, now.getTime());
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** Stops following the bus (the app is closing). */
    close: known.close,
    /** Announces that sessions of `owner` ended (after the ending transaction committed). */
    async announceEnded(owner: SessionOwner): Promise<void> {
      await events.publish('session.ended', owner);
    },

    isMemberLive: (sessionId: number, now = new Date()) => isLive('member_sessions', sessionId, now),

    /** A staff session is not live once its account is disabled either. */
    async isStaffLive(sessionId: number, now = new Date()): Promise<boolean> {
      if (!(await isLive('staff_sessions', sessionId, now))) return false;
      return (await findStaffSessionAccount(db, sessionId))?.disabled === false;
    },

    /** The idle and absolute limits in force (from configuration for members). */
    policies,

    /** Whether a sign-in from `userAgent` is from a device the member never signed in from. */
    isNewDevice: (memberId: number, userAgent: string | undefined) => isNewDevice(db, memberId, userAgent),

    async startMember(memberId: number, meta: RequestMeta, now = new Date()): Promise<Started> {
      const { token, hash } = newToken();
      const expiresAt = new Date(now.getTime() + policies.member.absoluteMs);
      await insertMemberSession(db, memberId, { tokenHash: hash, now, expiresAt, ...meta });
      return { token, expiresAt };
    },

    /**
     * The member a bearer token belongs to. Throws: no or unknown token 500, expired by inactivity
     * or age 501, revoked (signed out, or ended by a password change) 502.
     */
    async authenticateMember(token: string | undefined, now = new Date()): Promise<MemberSession> {
      if (!token) throw new AppError(E.NOT_ALLOWED);
      const tokenHash = hashToken(token);
      const t = now.getTime();
      // Within the touch interval of the row's last_seen_at, the database would neither write nor
      // find it idle: only an ending could change the answer, and the bus clears those.
      const hit = known.find(tokenHash);
      if (hit && t < hit.expiresAt && t - hit.lastSeenAt < touchMember) {
        return { memberId: hit.memberId, sessionId: hit.sessionId };
      }
      const readAt = known.generation();
      const session = await findMemberSession(db, tokenHash);
      if (!session) throw new AppError(E.NOT_ALLOWED);
      assertLive(session, policies.member, t);
      let lastSeenAt = session.last_seen_at.getTime();
      if (t - lastSeenAt >= touchMember) {
        await touchSession(db, 'member_sessions', session.id, now);
        lastSeenAt = t;
      }
      const answer = { memberId: session.member_id, sessionId: session.id };
      known.keep(tokenHash, { ...answer, expiresAt: session.expires_at.getTime(), lastSeenAt }, readAt);
      return answer;
    },

    async endMember(session: MemberSession, now = new Date()): Promise<void> {
      await revokeSessionRow(db, 'member_sessions', session.sessionId, now);
      await events.publish('session.ended', { memberId: session.memberId });
    },

    /**
     * Ends every live session of a member (but `keepSessionId`), inside the caller's transaction;
     * answers how many it ended.
     */
    endAllOfMember(
      trx: Kysely<DB>,
      memberId: number,
      keepSessionId?: number,
      now = new Date(),
    ): Promise<number> {
      return revokeMemberSessionRows(trx, memberId, now, keepSessionId);
    },

    /** A member's live sessions (not ended, not idle too long), newest first. */
    liveOfMember(memberId: number, now = new Date()) {
      return findLiveMemberSessions(db, memberId, now, new Date(now.getTime() - policies.member.idleMs));
    },

    async startStaff(
      staffId: number,
      meta: RequestMeta,
      secondFactorDone: boolean,
      now = new Date(),
    ): Promise<Started> {
      const { token, hash } = newToken();
      const expiresAt = new Date(now.getTime() + policies.staff.absoluteMs);
      await insertStaffSession(db, staffId, {
        tokenHash: hash,
        now,
        expiresAt,
        secondFactorAt: secondFactorDone ? now : null,
        ...meta,
      });
      return { token, expiresAt };
    },

    /** The staff member a bearer token belongs to; the same codes as members', and 500 when disabled. */
    async authenticateStaff(token: string | undefined, now = new Date()): Promise<StaffSession> {
      if (!token) throw new AppError(E.NOT_ALLOWED);
      const session = await findStaffSession(db, hashToken(token));
      if (!session || session.disabled) throw new AppError(E.NOT_ALLOWED);
      const t = now.getTime();
      assertLive(session, policies.staff, t);
      if (t - session.last_seen_at.getTime() >= touchStaff) {
        await touchSession(db, 'staff_sessions', session.id, now);
      }
      const secondFactorPassed = session.second_factor_at !== null;
      return {
        staffId: session.staff_id,
        sessionId: session.id,
        role: session.role,
        secondFactorPassed,
        signInIp: session.ip,
        secondFactorDone: secondFactorPassed && !session.must_change_password,
      };
    },

    /** Marks a staff session as past the second factor, inside the caller's transaction. */
    async passSecondFactor(trx: Kysely<DB>, sessionId: number, now = new Date()): Promise<void> {
      await markSecondFactor(trx, sessionId, now);
    },

    async endStaff(session: StaffSession, now = new Date()): Promise<void> {
      await revokeSessionRow(db, 'staff_sessions', session.sessionId, now);
      await events.publish('session.ended', { staffId: session.staffId });
    },

    /** Ends every live session of a staff member (but `keepSessionId`), inside the caller's transaction. */
    async endAllOfStaff(
      trx: Kysely<DB>,
      staffId: number,
      keepSessionId?: number,
      now = new Date(),
    ): Promise<void> {
      await revokeStaffSessionRows(trx, staffId, now, keepSessionId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
