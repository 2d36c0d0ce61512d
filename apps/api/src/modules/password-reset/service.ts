import {
  type changePasswordBodySchema,
  type confirmOtpBodySchema,
  E,
  type forgotPasswordBodySchema,
  type Lang,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COUNTDOWN_S,
  OTP_VALIDITY_MS,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { lockMember } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Delivery } from '../../delivery/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountService } from '../account/index.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import type { RequestMeta, SessionService } from '../sessions/index.ts';
import { hashToken, newToken } from '../sessions/index.ts';
import { maskEmail, maskPhone, otpMessage } from './messages.ts';
import { hashOtp, newOtp, otpMatches } from './otp.ts';
import {
  claimTryQuery,
  consumeOtpQuery,
  consumeTicketQuery,
  deleteCode,
  findLiveTicket,
  insertCode,
  isUsed,
  latestOtp,
  OTP_PURPOSE,
  recentOtpTimes,
  retireUnused,
  TICKET_PURPOSE,
} from './repository.ts';

/**
 * Forgot password (spec section 4): an OTP to the member's email or phone, confirmed for a reset
 * ticket, which sets a new password once. Both are used up by a conditional UPDATE (repository.ts),
 * so of two requests racing with the same one exactly one wins.
 */
const TICKET_TTL_MS = 10 * 60_000;
/**
 * OTPs one member can be sent in an hour, however many addresses ask: with 5 tries each, at most
 * 25 guesses an hour at a 6-digit code (the per-IP limits alone would let a botnet guess 5 a minute).
 */
const MAX_OTPS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

const otpSalt = (memberId: number) => `member:${memberId}`;

type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
type ConfirmOtpBody = z.output<typeof confirmOtpBodySchema>;
type ChangePasswordBody = z.output<typeof changePasswordBodySchema>;

interface Deps {
  db: Kysely<DB>;
  account: AccountService;
  sessions: SessionService;
  delivery: Delivery;
  hashPassword: (password: string) => Promise<string>;
  log: { error(o: object, m: string): void };
}

export function createPasswordResetService({ db, account, sessions, delivery, hashPassword, log }: Deps) {
  async function findMember(
    to: { channel: 'email'; email: string } | { channel: 'phone'; phone: string },
    meta: RequestMeta,
  ) {
    const member = await account.findByContact(
      to.channel === 'email' ? { email: to.email } : { phone: to.phone },
      meta,
    );
    if (!member) throw new AppError(to.channel === 'email' ? E.EMAIL_NOT_FOUND : E.PHONE_NOT_FOUND);
    return member;
  }

  return {
    /** Sends a new OTP to the member's email or phone, within the countdown and the hourly cap. */
    async requestOtp(body: ForgotPasswordBody, meta: RequestMeta & { lang: Lang }) {
      const member = await findMember(body, meta);
      const channel = body.channel === 'email' ? 'email' : 'sms';
      const otp = newOtp();
      const now = new Date();
      // The member's row is locked while deciding, so two requests at once cannot both pass the countdown.
      const otpId = await db.transaction().execute(async (trx) => {
        await lockMember(trx, member.id);
        // The newest OTPs of the last hour: the newest decides the resend countdown, and when there
        // are already MAX_OTPS_PER_HOUR, the next may only come an hour after the oldest of them.
        const recent = await recentOtpTimes(
          trx,
          member.id,
          new Date(now.getTime() - HOUR_MS),
          MAX_OTPS_PER_HOUR,
        );
        const newest = recent[0]?.getTime();
        const oldest = recent.length >= MAX_OTPS_PER_HOUR ? recent.at(-1)?.getTime() : undefined;
        const allowedAt = Math.max(
          newest === undefined ? 0 : newest + OTP_RESEND_COUNTDOWN_S * 1000,
          oldest === undefined ? 0 : oldest + HOUR_MS,
        );
        const waitMs = allowedAt - now.getTime();
        if (waitMs > 0) {
          throw new AppError(E.OTP_RESEND_TOO_SOON, { resendInSeconds: Math.ceil(waitMs / 1000) });
        }
        await retireUnused(trx, member.id, now);
        return insertCode(trx, {
          memberId: member.id,
          purpose: OTP_PURPOSE,
          channel,
          hash: hashOtp(otpSalt(member.id), otp),
          expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
          now,
        });
      });
      const to = channel === 'email' ? member.email : member.phone;
      try {
        await delivery.send({
          channel,
          to,
          ...otpMessage(meta.lang, otp, OTP_VALIDITY_MS / 60_000),
        });
      } catch (err) {
        // Not delivered: forget this OTP so the member may ask again at once.
        await deleteCode(db, otpId);
        log.error({ err, channel }, 'OTP delivery failed');
        throw new AppError(E.SOMETHING_WRONG);
      }
      await recordAudit(db, memberActor(meta, member.id), {
        action: 'account.requestPasswordReset',
        target: `member:${member.id}`,
        after: { channel },
      });
      return {
        channel: body.channel,
        destination: channel === 'email' ? maskEmail(to) : maskPhone(to),
        expiresInSeconds: OTP_VALIDITY_MS / 1000,
        resendInSeconds: OTP_RESEND_COUNTDOWN_S,
      };
    },

    /** Checks the OTP (one try claimed before comparing) and gives a single-use reset ticket. */
    async confirmOtp(body: ConfirmOtpBody, meta: RequestMeta) {
      const member = await findMember(body, meta);
      const now = new Date();
      const current = await latestOtp(db, member.id);
      if (!current || current.used_at !== null) throw new AppError(E.OTP_SESSION_INVALID);
      if (current.expires_at <= now) throw new AppError(E.OTP_EXPIRED);
      // Claim one try before comparing, so concurrent guesses can never exceed the limit.
      const claimed = await claimTryQuery(db, current.id, OTP_MAX_WRONG_TRIES).executeTakeFirst();
      if (!claimed) {
        // Used by a request that won a race, or out of tries.
        throw new AppError((await isUsed(db, current.id)) ? E.OTP_SESSION_INVALID : E.OTP_TOO_MANY_TRIES);
      }
      if (!otpMatches(otpSalt(member.id), body.otp, current.code_hash)) {
        await recordAudit(db, memberActor(meta, member.id), {
          action: 'account.confirmOtp',
          target: `member:${member.id}`,
          outcome: 'failure',
        });
        throw new AppError(E.OTP_INCORRECT, { triesLeft: OTP_MAX_WRONG_TRIES - claimed.attempts });
      }
      const ticket = newToken();
      const issued = await db.transaction().execute(async (trx) => {
        const consumed = await consumeOtpQuery(trx, current.id, now).executeTakeFirst();
        if (!consumed) return false;
        await insertCode(trx, {
          memberId: member.id,
          purpose: TICKET_PURPOSE,
          channel: consumed.channel,
          hash: ticket.hash,
          expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
          now,
        });
        return true;
      });
      if (!issued) throw new AppError(E.OTP_SESSION_INVALID);
      return { resetTicket: ticket.token, expiresInSeconds: TICKET_TTL_MS / 1000 };
    },

    /** Sets the new password with the ticket and ends every session of the member. */
    async resetPassword(body: ChangePasswordBody, meta: RequestMeta): Promise<void> {
      const now = new Date();
      const ticketHash = hashToken(body.resetTicket);
      // A ticket that cannot work is refused before the (deliberately slow) password hashing; the
      // transaction below still decides, so of two resets racing with one ticket one wins.
      if (!(await findLiveTicket(db, ticketHash, now))) throw new AppError(E.OTP_SESSION_INVALID);
      const passwordHash = await hashPassword(body.password);
      const memberId = await db.transaction().execute(async (trx) => {
        const used = await consumeTicketQuery(trx, ticketHash, now).executeTakeFirst();
        if (!used) return undefined;
        await account.setPasswordHash(trx, used.member_id, passwordHash, now);
        await sessions.endAllOfMember(trx, used.member_id, undefined, now);
        await recordAudit(trx, memberActor(meta, used.member_id), {
          action: 'account.resetPassword',
          target: `member:${used.member_id}`,
        });
        return used.member_id;
      });
      if (memberId === undefined) throw new AppError(E.OTP_SESSION_INVALID);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
