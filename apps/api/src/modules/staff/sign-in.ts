import { E, type Enrolment, type StaffLoginResult, type StaffProfile } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseIfBanned } from '../../http/ip-banned.ts';
import { normaliseIp } from '../../plugins/limits/limiter.ts';
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
  countCodeFailure,
  findSecondFactor,
  findStaffById,
  findStaffForSignIn,
  giveBackAccountAttempt,
  giveBackAddressAttempt,
  markAddressSignedIn,
  markSignedIn,
  replaceRecoveryCodes,
  setPassword,
  setPendingSecret,
  takeAccountAttempt,
  takeAddressAttempt,
  useRecoveryCodeRow,
} from './repository.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

interface Deps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  sessions: SessionService;
  passwordAttempts: PasswordAttempts;
}

const SLOWED_REASON = 'failed sign-ins from many addresses';

/** A password attempt that is not checked, and why (for the audit row only). */
const refusal = (reason: string) => ({ ok: false, reason }) as const;

/**
 * Staff sign-in in two steps (decision 0019): username and password start a session whose second
 * factor is not done; a TOTP code, a recovery code or a confirmed enrolment completes it. Every
 * password or code attempt counts against the caller's IP like a member's sign-in, and against the
 * account from that address: each is taken before it is checked, so simultaneous guesses cannot
 * get more checks than the limit. An outsider's guesses never stop the owner: they stop only the
 * outsider's address, and from many addresses they slow down checks from addresses the account
 * has not signed in from lately. Every refusal of the password step answers 999.
 */
export function createStaffSignIn({ db, passwords, sessions, passwordAttempts }: Deps) {
  /** An audit row of a refused step, with the slow-down's own row when this failure started it. */
  async function refused(
    staffId: number,
    meta: RequestMeta,
    action: string,
    reason: string,
    slowedNow = false,
  ) {
    await db.transaction().execute(async (trx) => {
      const actor = staffActor(meta, staffId);
      await recordAudit(trx, actor, { action, target: `staff:${staffId}`, reason, outcome: 'failure' });
      if (slowedNow) {
        await recordAudit(trx, actor, {
          action: 'staff.slowed',
          target: `staff:${staffId}`,
          reason: SLOWED_REASON,
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

  /** Counts a password or code attempt against the IP before it is checked (decision 0018). */
  async function attempt(meta: RequestMeta) {
    refuseIfBanned(await passwordAttempts.attemptPassword(meta.ip));
  }

  /** The address a session's code attempts count against: the one it signed in from. */
  const sessionAddress = (session: StaffSession, meta: RequestMeta) =>
    normaliseIp(session.signInIp ?? meta.ip);

  /**
   * Takes a code attempt for the session's account and address before the code is checked;
   * 30023 without a check when the address is stopped for the account.
   */
  async function takeCodeAttempt(session: StaffSession, meta: RequestMeta, action: string, now: Date) {
    const ip = sessionAddress(session, meta);
    if (!(await takeAddressAttempt(db, session.staffId, ip, now))) {
      await refused(session.staffId, meta, action, 'address stopped');
      throw new AppError(E.STAFF_TOTP_INCORRECT);
    }
    return ip;
  }

  /** A wrong code: its attempt stays taken, and it counts toward the account's slow-down. */
  async function wrongCode(staffId: number, meta: RequestMeta, action: string, reason: string, now: Date) {
    const { slowedNow } = await countCodeFailure(db, staffId, now);
    await refused(staffId, meta, action, reason, slowedNow);
  }

  /**
   * Takes a password attempt for an account from an address before the password is checked: the
   * address's own (5 per 15 minutes), and, from an address the account has not signed in from
   * lately, one against the whole account. Why it was refused, or what to give back on success.
   */
  async function takePasswordAttempt(staffId: number, ip: string, now: Date) {
    const address = await takeAddressAttempt(db, staffId, ip, now);
    if (!address) return refusal('address stopped');
    if (address.known) return { ok: true, account: false, slowedNow: false } as const;
    const account = await takeAccountAttempt(db, staffId, now);
    if (!account) return refusal('slowed down');
    return { ok: true, account: true, slowedNow: account.slowedNow } as const;
  }

  return {
    profile: (session: StaffSession) => profile(session.staffId, session.secondFactorPassed),

    async login(body: { username: string; password: string }, meta: RequestMeta): Promise<StaffLoginResult> {
      await attempt(meta);
      const now = new Date();
      const ip = normaliseIp(meta.ip);
      const staff = await findStaffForSignIn(db, body.username);
      const taken = staff ? await takePasswordAttempt(staff.id, ip, now) : refusal('unknown username');
      // A password that may not be checked is checked against a dummy hash of the same cost
      // (decision 0018), so neither the answer nor its timing tells which names exist.
      const valid = await passwords.verify(
        staff && taken.ok ? staff.password_hash : await passwords.dummyHash(),
        body.password,
      );
      if (!staff) {
        await recordAudit(
          db,
          { type: 'staff', id: null, ip: meta.ip },
          { action: 'staff.signIn', reason: 'unknown username', outcome: 'failure' },
        );
        throw new AppError(E.BAD_CREDENTIALS);
      }
      if (!taken.ok) {
        await refused(staff.id, meta, 'staff.signIn', taken.reason);
        throw new AppError(E.BAD_CREDENTIALS);
      }
      if (staff.disabled || !valid) {
        await refused(
          staff.id,
          meta,
          'staff.signIn',
          staff.disabled ? 'disabled' : 'wrong password',
          taken.slowedNow,
        );
        throw new AppError(E.BAD_CREDENTIALS);
      }
      // A right password gives its attempts back; only a completed second factor clears the
      // address's count, so one who has the password cannot interleave it with code guesses.
      await giveBackAddressAttempt(db, staff.id, ip);
      if (taken.account) await giveBackAccountAttempt(db, staff.id);
      await passwordAttempts.passwordSucceeded(meta.ip);
      const session = await sessions.startStaff(staff.id, meta, false, now);
      await recordAudit(db, staffActor(meta, staff.id), {
        action: 'staff.signIn',
        target: `staff:${staff.id}`,
        reason: 'password',
      });
      return { ...sessionResult(session), next: staff.enrolled ? 'verify' : 'enrol' };
    },

    /** Completes sign-in with a TOTP code; a code's time step is accepted once (30023 after). */
    async verifyTotp(session: StaffSession, code: string, meta: RequestMeta): Promise<StaffProfile> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const factor = await findSecondFactor(db, staffId);
      if (!factor) throw new AppError(E.NOT_ALLOWED);
      if (factor.totp_secret === null) throw new AppError(E.STAFF_TOTP_INCORRECT, { next: 'enrol' });
      const secret = factor.totp_secret;
      const ip = await takeCodeAttempt(session, meta, 'staff.secondFactor', now);
      const step = totpStep(secret, code, now.getTime());
      const accepted =
        step !== null &&
        (await db.transaction().execute(async (trx) => {
          if (!(await acceptTotpStep(trx, staffId, secret, step, now))) return false;
          await markAddressSignedIn(trx, staffId, ip, now);
          await sessions.passSecondFactor(trx, session.sessionId, now);
          await recordAudit(trx, staffActor(meta, staffId), {
            action: 'staff.secondFactor',
            target: `staff:${staffId}`,
            reason: 'totp',
          });
          return true;
        }));
      if (!accepted) {
        await wrongCode(
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
      const ip = await takeCodeAttempt(session, meta, 'staff.secondFactor', now);
      const used = await db.transaction().execute(async (trx) => {
        if (!(await useRecoveryCodeRow(trx, staffId, hashRecoveryCode(code), now))) return false;
        await markSignedIn(trx, staffId, now);
        await markAddressSignedIn(trx, staffId, ip, now);
        await sessions.passSecondFactor(trx, session.sessionId, now);
        await recordAudit(trx, staffActor(meta, staffId), {
          action: 'staff.secondFactor',
          target: `staff:${staffId}`,
          reason: 'recovery code',
        });
        return true;
      });
      if (!used) {
        await wrongCode(staffId, meta, 'staff.secondFactor', 'wrong recovery code', now);
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      return profile(staffId, true);
    },

    /** A new secret for an account without a second factor (31002 otherwise), not yet in force. */
    async startEnrolment(session: StaffSession, meta: RequestMeta): Promise<Enrolment> {
      const { staffId } = session;
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
      const factor = await findSecondFactor(db, staffId);
      if (!factor) throw new AppError(E.NOT_ALLOWED);
      if (factor.totp_secret !== null) throw new AppError(E.STAFF_ALREADY_ENROLLED);
      const ip = await takeCodeAttempt(session, meta, 'staff.enrolment.confirm', now);
      const pending = factor.totp_pending_secret;
      const step = pending === null ? null : totpStep(pending, code, now.getTime());
      if (pending === null || step === null) {
        await wrongCode(
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
        await markAddressSignedIn(trx, staffId, ip, now);
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
      await sessions.announceEnded({ staffId });
      return profile(staffId, true);
    },

    async logout(session: StaffSession, meta: RequestMeta): Promise<void> {
      await sessions.endStaff(session);
      await recordAudit(db, staffActor(meta, session.staffId), {
        action: 'staff.signOut',
        target: `staff:${session.staffId}`,
      });
    },
  };
}

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
