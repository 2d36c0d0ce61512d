import { E, type Enrolment, type StaffLoginResult, type StaffProfile } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseIfBanned } from '../../http/ip-banned.ts';
import { normaliseIp } from '../../plugins/limits/limiter.ts';
import { recordAudit, staffActor } from '../audit/index.ts';
import type { PasswordAttempts, PasswordHasher } from '../passwords/index.ts';
import {
  hashToken,
  newToken,
  type RequestMeta,
  type SessionService,
  type StaffSession,
  sessionResult,
} from '../sessions/index.ts';
import type { DeviceCookie } from './device-cookie.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import {
  acceptTotpStep,
  confirmPendingSecret,
  countCodeFailure,
  deviceOfSource,
  findSecondFactor,
  findStaffById,
  giveBackAccountAttempt,
  giveBackAttempt,
  keepDevice,
  markSignedIn,
  markSignedInThrough,
  recordRefusal,
  replaceRecoveryCodes,
  setPassword,
  setPendingSecret,
  takeCodeAttempt,
  takePasswordAttempt,
  useRecoveryCodeRow,
} from './repository.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

interface Deps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  sessions: SessionService;
  passwordAttempts: PasswordAttempts;
}

/** A request without a device cookie: none read, none given (the command line, tests). */
const NO_DEVICE: DeviceCookie = { sent: undefined, give: () => {} };

const hashOf = (device: DeviceCookie) => (device.sent === undefined ? null : hashToken(device.sent));

/**
 * Staff sign-in in two steps (decision 0019): username and password start a session whose second
 * factor is not done; a TOTP code, a recovery code or a confirmed enrolment completes it and gives
 * the browser a device cookie. Every password or code attempt counts against the caller's IP like
 * a member's sign-in, and takes an attempt of (name, source) before it is checked, so simultaneous
 * guesses cannot get more checks than the limit: the source is the account's device when the
 * request carries a valid device cookie of it (not stopped), else the client address. An
 * outsider's guesses never stop the owner: they stop only the outsider's address (or a stolen
 * device cookie), and from many addresses they slow down only browsers and addresses the account
 * has not signed in from lately. A refusal of the password step answers 999, after the same
 * statements and the same argon2 check whether or not the name is an account's.
 */
export function createStaffSignIn({ db, passwords, sessions, passwordAttempts }: Deps) {
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

  /** An audit row of a refused step of a signed-in session (its account known). */
  const refused = (staffId: number, meta: RequestMeta, action: string, reason: string, slowedNow = false) =>
    recordRefusal(db, staffActor(meta, staffId), { action, target: `staff:${staffId}`, reason, slowedNow });

  /**
   * Takes a code attempt for the session's account before the code is checked, from its device or
   * else the address the session signed in from (so one session cannot spread code guesses over
   * many addresses); 30023 without a check when that address is stopped for the account.
   */
  async function codeAttempt(
    session: StaffSession,
    meta: RequestMeta,
    device: DeviceCookie,
    action: string,
    now: Date,
  ) {
    const ip = normaliseIp(session.signInIp ?? meta.ip);
    const { source, taken } = await takeCodeAttempt(db, {
      staffId: session.staffId,
      ip,
      deviceHash: hashOf(device),
      now,
    });
    if (!taken) {
      await refused(session.staffId, meta, action, 'address stopped');
      throw new AppError(E.STAFF_TOTP_INCORRECT);
    }
    return { ip, source };
  }

  /**
   * A wrong code: its attempt stays taken; from an address (not a device of the account) it also
   * counts toward the account's slow-down.
   */
  async function wrongCode(
    staffId: number,
    meta: RequestMeta,
    taken: { source: string },
    action: string,
    reason: string,
    now: Date,
  ) {
    const { slowedNow } =
      deviceOfSource(taken.source) === undefined
        ? await countCodeFailure(db, staffId, now)
        : { slowedNow: false };
    await refused(staffId, meta, action, reason, slowedNow);
  }

  /**
   * What a completed second factor does in its transaction, besides the factor's own update: the
   * attempt source's count starts again, the address is known, and the browser gets a new device
   * cookie (the one it came with, if any, stops working); the caller gives it once committed.
   */
  async function completeSignIn(
    trx: Kysely<DB>,
    session: StaffSession,
    taken: { ip: string; source: string },
    now: Date,
  ): Promise<string> {
    const { staffId } = session;
    const { token, hash } = newToken();
    await markSignedInThrough(trx, { staffId, ip: taken.ip, source: taken.source, now });
    await keepDevice(trx, { staffId, deviceId: deviceOfSource(taken.source), tokenHash: hash, now });
    await sessions.passSecondFactor(trx, session.sessionId, now);
    return token;
  }

  return {
    profile: (session: StaffSession) => profile(session.staffId, session.secondFactorPassed),

    /**
     * Username and password: a session whose second factor is still to do. `device` is the
     * request's device cookie: a valid one of the account spends that device's budget alone.
     */
    async login(
      body: { username: string; password: string },
      meta: RequestMeta,
      device: DeviceCookie = NO_DEVICE,
    ): Promise<StaffLoginResult> {
      await attempt(meta);
      const now = new Date();
      const taken = await takePasswordAttempt(db, {
        name: body.username.toLowerCase(),
        ip: normaliseIp(meta.ip),
        deviceHash: hashOf(device),
        now,
      });
      const { staff } = taken;
      // A password that may not be checked is checked against a dummy hash of the same cost
      // (decision 0018), so neither the answer nor its timing tells which names exist.
      const checked = staff !== undefined && taken.refusal === undefined;
      const valid = await passwords.verify(
        checked ? staff.passwordHash : await passwords.dummyHash(),
        body.password,
      );
      if (!checked || staff.disabled || !valid) {
        const reason = !staff
          ? 'unknown username'
          : (taken.refusal ?? (staff.disabled ? 'disabled' : 'wrong password'));
        await recordRefusal(
          db,
          staff ? staffActor(meta, staff.id) : { type: 'staff', id: null, ip: meta.ip },
          {
            action: 'staff.signIn',
            target: staff ? `staff:${staff.id}` : null,
            reason,
            slowedNow: taken.slowedNow,
          },
        );
        throw new AppError(E.BAD_CREDENTIALS);
      }
      // A right password gives its attempts back; only a completed second factor clears the
      // source's count, so one who has the password cannot interleave it with code guesses.
      await giveBackAttempt(db, taken.name, taken.source);
      if (taken.accountTaken) await giveBackAccountAttempt(db, staff.id);
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
    async verifyTotp(
      session: StaffSession,
      code: string,
      meta: RequestMeta,
      device: DeviceCookie = NO_DEVICE,
    ): Promise<StaffProfile> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const factor = await findSecondFactor(db, staffId);
      if (!factor) throw new AppError(E.NOT_ALLOWED);
      if (factor.totp_secret === null) throw new AppError(E.STAFF_TOTP_INCORRECT, { next: 'enrol' });
      const secret = factor.totp_secret;
      const taken = await codeAttempt(session, meta, device, 'staff.secondFactor', now);
      const step = totpStep(secret, code, now.getTime());
      const token =
        step === null
          ? undefined
          : await db.transaction().execute(async (trx) => {
              if (!(await acceptTotpStep(trx, staffId, secret, step, now))) return undefined;
              await recordAudit(trx, staffActor(meta, staffId), {
                action: 'staff.secondFactor',
                target: `staff:${staffId}`,
                reason: 'totp',
              });
              return completeSignIn(trx, session, taken, now);
            });
      if (token === undefined) {
        await wrongCode(
          staffId,
          meta,
          taken,
          'staff.secondFactor',
          step === null ? 'wrong code' : 'code already used',
          now,
        );
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      device.give(token);
      await passwordAttempts.passwordSucceeded(meta.ip);
      return profile(staffId, true);
    },

    /** Completes sign-in with a single-use recovery code (audited). */
    async useRecoveryCode(
      session: StaffSession,
      code: string,
      meta: RequestMeta,
      device: DeviceCookie = NO_DEVICE,
    ): Promise<StaffProfile> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const taken = await codeAttempt(session, meta, device, 'staff.secondFactor', now);
      const token = await db.transaction().execute(async (trx) => {
        if (!(await useRecoveryCodeRow(trx, staffId, hashRecoveryCode(code), now))) return undefined;
        await markSignedIn(trx, staffId, now);
        await recordAudit(trx, staffActor(meta, staffId), {
          action: 'staff.secondFactor',
          target: `staff:${staffId}`,
          reason: 'recovery code',
        });
        return completeSignIn(trx, session, taken, now);
      });
      if (token === undefined) {
        await wrongCode(staffId, meta, taken, 'staff.secondFactor', 'wrong recovery code', now);
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      device.give(token);
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
      device: DeviceCookie = NO_DEVICE,
    ): Promise<{ recoveryCodes: string[]; profile: StaffProfile }> {
      await attempt(meta);
      const now = new Date();
      const { staffId } = session;
      const factor = await findSecondFactor(db, staffId);
      if (!factor) throw new AppError(E.NOT_ALLOWED);
      if (factor.totp_secret !== null) throw new AppError(E.STAFF_ALREADY_ENROLLED);
      const taken = await codeAttempt(session, meta, device, 'staff.enrolment.confirm', now);
      const pending = factor.totp_pending_secret;
      const step = pending === null ? null : totpStep(pending, code, now.getTime());
      if (pending === null || step === null) {
        await wrongCode(
          staffId,
          meta,
          taken,
          'staff.enrolment.confirm',
          pending ? 'wrong code' : 'no enrolment started',
          now,
        );
        throw new AppError(E.STAFF_TOTP_INCORRECT);
      }
      const recoveryCodes = newRecoveryCodes();
      const token = await db.transaction().execute(async (trx) => {
        if (!(await confirmPendingSecret(trx, staffId, pending, step, now))) {
          throw new AppError(E.STAFF_ALREADY_ENROLLED);
        }
        await replaceRecoveryCodes(trx, staffId, recoveryCodes.map(hashRecoveryCode));
        await recordAudit(trx, staffActor(meta, staffId), {
          action: 'staff.enrolment.confirm',
          target: `staff:${staffId}`,
          after: { enrolled: true, recoveryCodes: recoveryCodes.length },
        });
        return completeSignIn(trx, session, taken, now);
      });
      device.give(token);
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
