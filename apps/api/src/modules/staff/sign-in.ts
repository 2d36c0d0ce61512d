import { E, type Enrolment, type StaffLoginResult, type StaffProfile } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, staffActor } from '../audit/index.ts';
import type { PasswordAttempts, PasswordHasher } from '../passwords/index.ts';
import {
  type RequestMeta,
  type SessionService,
  type StaffSession,
  sessionResult,
} from '../sessions/index.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import {
  acceptTotpStep,
  confirmPendingSecret,
  countFailure,
  findSecondFactor,
  findStaffById,
  findStaffForSignIn,
  markSignedIn,
  replaceRecoveryCodes,
  setPassword,
  setPendingSecret,
  useRecoveryCodeRow,
} from './repository.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

interface Deps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  sessions: SessionService;
  passwordAttempts: PasswordAttempts;
}

const isLocked = (lockedUntil: Date | null, now: Date) => lockedUntil !== null && lockedUntil > now;

/**
 * Staff sign-in in two steps (decision 0019): username and password start a session whose second
 * factor is not done; a TOTP code, a recovery code or a confirmed enrolment completes it. Every
 * password or code attempt counts against the caller's IP like a member's sign-in, and five failures
 * in a row lock the account for 15 minutes.
 */
export function createStaffSignIn({ db, passwords, sessions, passwordAttempts }: Deps) {
  /** Counts a failed password or code against the account, locking it (audited) on the fifth. */
  async function fail(staffId: number, meta: RequestMeta, action: string, reason: string, now: Date) {
    await db.transaction().execute(async (trx) => {
      const { locked } = await countFailure(trx, staffId, now);
      const actor = staffActor(meta, staffId);
      await recordAudit(trx, actor, { action, target: `staff:${staffId}`, reason, outcome: 'failure' });
      if (locked) {
        await recordAudit(trx, actor, {
          action: 'staff.locked',
          target: `staff:${staffId}`,
          reason: 'five failed sign-ins in a row',
        });
      }
    });
  }

  /** The signed-in staff member, read fresh (`passed`: this session passed the second factor). */
  async function profile(staffId: number, passed: boolean): Promise<StaffProfile> {
    const staff = await findStaffById(db, staffId);
    if (!staff) throw new AppError(E.NOT_ALLOWED);
    return {
      id: staff.id,
      username: staff.username,
      role: staff.role,
      enrolled: staff.enrolled,
      mustChangePassword: staff.must_change_password,
      secondFactorDone: passed && !staff.must_change_password,
    };
  }

  /** The account's second-factor state, refusing a locked account (31001). */
  async function unlockedFactor(staffId: number, now: Date) {
    const factor = await findSecondFactor(db, staffId);
    if (!factor) throw new AppError(E.NOT_ALLOWED);
    if (isLocked(factor.locked_until, now)) throw new AppError(E.STAFF_LOCKED);
    return factor;
  }

  /** Counts a code attempt against the IP before it is checked (as a password). */
  async function attempt(meta: RequestMeta) {
    if ((await passwordAttempts.attemptPassword(meta.ip)).banned) throw new AppError(E.IP_BANNED);
  }

  return {
    profile: (session: StaffSession) => profile(session.staffId, session.secondFactorPassed),

    async login(body: { username: string; password: string }, meta: RequestMeta): Promise<StaffLoginResult> {
      await attempt(meta);
      const now = new Date();
      const staff = await findStaffForSignIn(db, body.username);
      // An unknown username is checked against a dummy hash of the same cost (decision 0018).
      const valid = await passwords.verify(
        staff?.password_hash ?? (await passwords.dummyHash()),
        body.password,
      );
      if (!staff) {
        await recordAudit(
          db,
          { type: 'staff', id: null, ip: meta.ip },
          {
            action: 'staff.signIn',
            reason: 'unknown username',
            outcome: 'failure',
          },
        );
        throw new AppError(E.BAD_CREDENTIALS);
      }
      const target = `staff:${staff.id}`;
      if (isLocked(staff.locked_until, now)) {
        if (valid) await passwordAttempts.passwordSucceeded(meta.ip);
        await recordAudit(db, staffActor(meta, staff.id), {
          action: 'staff.signIn',
          target,
          reason: 'locked',
          outcome: 'failure',
        });
        throw new AppError(E.STAFF_LOCKED);
      }
      if (staff.disabled) {
        await recordAudit(db, staffActor(meta, staff.id), {
          action: 'staff.signIn',
          target,
          reason: 'disabled',
          outcome: 'failure',
        });
        throw new AppError(E.BAD_CREDENTIALS);
      }
      if (!valid) {
        await fail(staff.id, meta, 'staff.signIn', 'wrong password', now);
        throw new AppError(E.BAD_CREDENTIALS);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      const session = await sessions.startStaff(staff.id, meta, false, now);
      await recordAudit(db, staffActor(meta, staff.id), {
        action: 'staff.signIn',
        target,
        reason: 'password',
      });
      return { ...sessionResult(session), next: staff.enrolled ? 'verify' : 'enrol' };
    },

    /** Completes sign-in with a TOTP code; a code's time step is accepted once (30023 after). */
    async verifyTotp(session: StaffSession, code: string, meta: RequestMeta): Promise<StaffProfile> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const factor = await unlockedFactor(staffId, now);
      if (factor.totp_secret === null) throw new AppError(E.STAFF_TOTP_INCORRECT, { next: 'enrol' });
      const secret = factor.totp_secret;
      const step = totpStep(secret, code, now.getTime());
      const accepted =
        step !== null &&
        (await db.transaction().execute(async (trx) => {
          if (!(await acceptTotpStep(trx, staffId, secret, step, now))) return false;
          await sessions.passSecondFactor(trx, session.sessionId, now);
          await recordAudit(trx, staffActor(meta, staffId), {
            action: 'staff.secondFactor',
            target: `staff:${staffId}`,
            reason: 'totp',
          });
          return true;
        }));
      if (!accepted) {
        await fail(
          staffId,
          meta,
          'staff.secondFactor',
          step === null ? 'wrong code' : 'code already used',
          now,
        );
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      return profile(staffId, true);
    },

    /** Completes sign-in with a single-use recovery code (audited). */
    async useRecoveryCode(session: StaffSession, code: string, meta: RequestMeta): Promise<StaffProfile> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      await unlockedFactor(staffId, now);
      const used = await db.transaction().execute(async (trx) => {
        if (!(await useRecoveryCodeRow(trx, staffId, hashRecoveryCode(code), now))) return false;
        await markSignedIn(trx, staffId, now);
        await sessions.passSecondFactor(trx, session.sessionId, now);
        await recordAudit(trx, staffActor(meta, staffId), {
          action: 'staff.secondFactor',
          target: `staff:${staffId}`,
          reason: 'recovery code',
        });
        return true;
      });
      if (!used) {
        await fail(staffId, meta, 'staff.secondFactor', 'wrong recovery code', now);
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      return profile(staffId, true);
    },

    /** A new secret for an account without a second factor (31002 otherwise), not yet in force. */
    async startEnrolment(session: StaffSession, meta: RequestMeta): Promise<Enrolment> {
      const { staffId } = session;
      await unlockedFactor(staffId, new Date());
      const staff = await findStaffById(db, staffId);
      const secret = newTotpSecret();
      if (!staff || !(await setPendingSecret(db, staffId, secret)))
        throw new AppError(E.STAFF_ALREADY_ENROLLED);
      await recordAudit(db, staffActor(meta, staffId), {
        action: 'staff.enrolment.start',
        target: `staff:${staffId}`,
      });
      return { secret, otpauthUri: totpUri(secret, staff.username) };
    },

    /** Puts the pending secret in force with a code from it; answers ten recovery codes, once. */
    async confirmEnrolment(
      session: StaffSession,
      code: string,
      meta: RequestMeta,
    ): Promise<{ recoveryCodes: string[]; profile: StaffProfile }> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const factor = await unlockedFactor(staffId, now);
      if (factor.totp_secret !== null) throw new AppError(E.STAFF_ALREADY_ENROLLED);
      const pending = factor.totp_pending_secret;
      const step = pending === null ? null : totpStep(pending, code, now.getTime());
      if (pending === null || step === null) {
        await fail(
          staffId,
          meta,
          'staff.enrolment.confirm',
          pending ? 'wrong code' : 'no enrolment started',
          now,
        );
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        if (!(await confirmPendingSecret(trx, staffId, pending, step, now))) {
          throw new AppError(E.STAFF_ALREADY_ENROLLED);
        }
        await replaceRecoveryCodes(trx, staffId, recoveryCodes.map(hashRecoveryCode));
        await sessions.passSecondFactor(trx, session.sessionId, now);
        await recordAudit(trx, staffActor(meta, staffId), {
          action: 'staff.enrolment.confirm',
          target: `staff:${staffId}`,
          after: { enrolled: true, recoveryCodes: recoveryCodes.length },
        });
      });
      await passwordAttempts.passwordSucceeded(meta.ip);
      return { recoveryCodes, profile: await profile(staffId, true) };
    },

    /**
     * Changes the signed-in staff member's password (30024 before the second factor, 10017 for a
     * wrong current one), ending their other sessions and the one-time password's limit.
     */
    async changePassword(
      session: StaffSession,
      body: { currentPassword: string; newPassword: string },
      meta: RequestMeta,
    ): Promise<StaffProfile> {
      if (!session.secondFactorPassed) throw new AppError(E.STAFF_TOTP_REQUIRED);
      await attempt(meta);
      const { staffId } = session;
      const factor = await findSecondFactor(db, staffId);
      if (!factor) throw new AppError(E.NOT_ALLOWED);
      const actor = staffActor(meta, staffId);
      if (!(await passwords.verify(factor.password_hash, body.currentPassword))) {
        await recordAudit(db, actor, {
          action: 'staff.changePassword',
          target: `staff:${staffId}`,
          reason: 'current password incorrect',
          outcome: 'failure',
        });
        throw new AppError(E.CURRENT_PASSWORD_INCORRECT);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      const passwordHash = await passwords.hash(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, staffId, passwordHash);
        await sessions.endAllOfStaff(trx, staffId, session.sessionId);
        await recordAudit(trx, actor, { action: 'staff.changePassword', target: `staff:${staffId}` });
      });
      return profile(staffId, true);
    },

    async logout(session: StaffSession, meta: RequestMeta): Promise<void> {
      await sessions.endStaff(session.sessionId);
      await recordAudit(db, staffActor(meta, session.staffId), {
        action: 'staff.signOut',
        target: `staff:${session.staffId}`,
      });
    },
  };
}

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
