import {
  type changePasswordBodySchema,
  type confirmOtpBodySchema,
  E,
  type ErrorDef,
  type forgotPasswordBodySchema,
  type forgotUsernameBodySchema,
  type Lang,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COUNTDOWN_S,
  OTP_VALIDITY_MS,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { lockMember } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue, type MessageSeal, type Notices } from '../../notifications/index.ts';
import { normaliseIp } from '../../plugins/limits/limiter.ts';
import type { AccountService } from '../account/index.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import type { RequestMeta, SessionService } from '../sessions/index.ts';
import { hashToken, newToken } from '../sessions/index.ts';
import { maskEmail, maskPhone, otpMessage, usernameMessage } from './messages.ts';
import { hashOtp, newOtp, otpMatches } from './otp.ts';
import {
  claimLiveTriesQuery,
  consumeOtpQuery,
  consumeTicketQuery,
  findLiveTicket,
  insertCode,
  latestOtp,
  OTP_PURPOSE,
  recentOtps,
  retireUnused,
  TICKET_PURPOSE,
  USERNAME_PURPOSE,
} from './repository.ts';

/**
 * Forgot password (docs/product.md, Member rules): an OTP to the member's email or phone, confirmed
 * for a reset ticket, which sets a new password once. Both are used up by a conditional UPDATE
 * (repository.ts), so of two requests racing with the same one exactly one wins. Forgot username
 * (decision 0064): the username to the member's email or phone, under the same limits as the OTPs,
 * counted apart from them.
 */
const TICKET_TTL_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;
/**
 * When a member may be sent another OTP. Three rules, the latest wins:
 * - the countdown: OTP_RESEND_COUNTDOWN_S (60 s) after the member's newest OTP, whoever asked;
 * - per member and requesting address (the limits key: IPv4, or IPv6 /64): at most 5 an hour, so
 *   one address cannot keep asking, and a stranger's requests do not use up the member's own;
 * - per member, all addresses: at most 5 in any 10 minutes. Strangers asking from many addresses
 *   can hold the member's next OTP back by at most 10 minutes less the countdowns between those 5
 *   (6 minutes), never an hour, and the OTPs they trigger go to the member anyway.
 * A new OTP does not cancel the member's earlier ones: each stays usable until it expires (5
 * minutes) or one of them is confirmed, so a stranger's request cannot void the code the member is
 * typing. Guessing: each OTP takes at most 5 comparisons (claimLiveTriesQuery) and a member gets at
 * most 30 OTPs an hour, so at most 150 guesses an hour at a 6-digit code (1 in 6,700).
 */
const PER_REQUESTER_PER_HOUR = 5;
const MEMBER_BURST = { max: 5, windowMs: 10 * 60_000 };

const otpSalt = (memberId: number) => `member:${memberId}`;

type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
type ForgotUsernameBody = z.output<typeof forgotUsernameBodySchema>;
type ConfirmOtpBody = z.output<typeof confirmOtpBodySchema>;
type ChangePasswordBody = z.output<typeof changePasswordBodySchema>;

interface Deps {
  db: Kysely<DB>;
  account: AccountService;
  sessions: SessionService;
  hashPassword: (password: string) => Promise<string>;
  /** The member's message once the password is reset (decision 0078). */
  notices: Pick<Notices, 'send'>;
  /** Seals the code and the username in the outbox: staff never read them (decision 0095). */
  seal: Pick<MessageSeal, 'sealed'>;
  /** Whether a provider is configured for each channel: with none, a secret cannot be sent (70002). */
  channels: Record<'email' | 'sms', boolean>;
}

export function createPasswordResetService({
  db,
  account,
  sessions,
  hashPassword,
  notices,
  seal,
  channels,
}: Deps) {
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

  /**
   * The outbox channel of `asked`, when a provider can deliver by it: a code or a username is never
   * kept for staff to read out instead (decision 0095), so without one the member is told at once.
   */
  function channelFor(asked: 'email' | 'phone'): 'email' | 'sms' {
    const channel = asked === 'email' ? 'email' : 'sms';
    if (!channels[channel]) throw new AppError(E.CHANNEL_NOT_CONFIGURED);
    return channel;
  }

  /**
   * Stores what is about to be sent (`store` writes the code and queues its message), within the countdown and the caps
   * above, counted per purpose; `tooSoon` (with resendInSeconds) otherwise. The member's row is
   * locked while deciding, so two requests at once cannot both pass the countdown.
   */
  async function withinLimits(
    memberId: number,
    purpose: typeof OTP_PURPOSE | typeof USERNAME_PURPOSE,
    tooSoon: ErrorDef,
    meta: RequestMeta,
    now: Date,
    store: (trx: Kysely<DB>, requestedIp: string) => Promise<void>,
  ): Promise<void> {
    const requestedIp = normaliseIp(meta.ip);
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const recent = await recentOtps(trx, memberId, new Date(now.getTime() - HOUR_MS), purpose);
      const at = (i: number, rows: typeof recent) => rows[i]?.created_at.getTime();
      const newest = at(0, recent);
      const mine = recent.filter((r) => r.requested_ip === requestedIp);
      const burst = recent.filter((r) => r.created_at.getTime() > now.getTime() - MEMBER_BURST.windowMs);
      const allowedAt = Math.max(
        newest === undefined ? 0 : newest + OTP_RESEND_COUNTDOWN_S * 1000,
        (at(PER_REQUESTER_PER_HOUR - 1, mine) ?? -HOUR_MS) + HOUR_MS,
        (at(MEMBER_BURST.max - 1, burst) ?? -MEMBER_BURST.windowMs) + MEMBER_BURST.windowMs,
      );
      const waitMs = allowedAt - now.getTime();
      if (waitMs > 0) throw new AppError(tooSoon, { resendInSeconds: Math.ceil(waitMs / 1000) });
      return store(trx, requestedIp);
    });
  }

  return {
    /** Sends a new OTP (and the username) to the member's email or phone, within the countdown and the hourly cap. */
    async requestOtp(body: ForgotPasswordBody, meta: RequestMeta & { lang: Lang }, now = new Date()) {
      const member = await findMember(body, meta);
      const channel = channelFor(body.channel);
      const otp = newOtp();
      const to = channel === 'email' ? member.email : member.phone;
      await withinLimits(
        member.id,
        OTP_PURPOSE,
        E.OTP_RESEND_TOO_SOON,
        meta,
        now,
        async (trx, requestedIp) => {
          await insertCode(trx, {
            memberId: member.id,
            purpose: OTP_PURPOSE,
            channel,
            hash: hashOtp(otpSalt(member.id), otp),
            expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
            now,
            requestedIp,
          });
          const message = otpMessage(meta.lang, otp, OTP_VALIDITY_MS / 60_000, member.username);
          await enqueue(trx, [
            seal.sealed({ channel, to, ...message, kind: 'otp', memberId: member.id, lang: meta.lang }),
          ]);
        },
      );
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

    /** Sends the member's username to their email or phone, under the same limits as an OTP. */
    async sendUsername(body: ForgotUsernameBody, meta: RequestMeta & { lang: Lang }, now = new Date()) {
      const member = await findMember(body, meta);
      const channel = channelFor(body.channel);
      const to = channel === 'email' ? member.email : member.phone;
      await withinLimits(
        member.id,
        USERNAME_PURPOSE,
        E.USERNAME_RESEND_TOO_SOON,
        meta,
        now,
        async (trx, requestedIp) => {
          await insertCode(trx, {
            memberId: member.id,
            purpose: USERNAME_PURPOSE,
            channel,
            hash: '',
            expiresAt: now,
            now,
            requestedIp,
          });
          const message = usernameMessage(meta.lang, member.username);
          await enqueue(trx, [
            seal.sealed({ channel, to, ...message, kind: 'username', memberId: member.id, lang: meta.lang }),
          ]);
        },
      );
      await recordAudit(db, memberActor(meta, member.id), {
        action: 'account.requestUsername',
        target: `member:${member.id}`,
        after: { channel },
      });
      return {
        channel: body.channel,
        destination: channel === 'email' ? maskEmail(to) : maskPhone(to),
        resendInSeconds: OTP_RESEND_COUNTDOWN_S,
      };
    },

    /**
     * Checks the OTP against each of the member's live OTPs (one try claimed on each before
     * comparing) and gives a single-use reset ticket.
     */
    async confirmOtp(body: ConfirmOtpBody, meta: RequestMeta, now = new Date()) {
      const member = await findMember(body, meta);
      // Claim one try on every live OTP before comparing, so concurrent guesses can never exceed the limit.
      const claimed = await claimLiveTriesQuery(db, member.id, now, OTP_MAX_WRONG_TRIES).execute();
      if (claimed.length === 0) {
        // None live with tries left: say why, from the newest.
        const newest = await latestOtp(db, member.id);
        if (!newest || newest.used_at !== null) throw new AppError(E.OTP_SESSION_INVALID);
        if (newest.expires_at <= now) throw new AppError(E.OTP_EXPIRED);
        throw new AppError(E.OTP_TOO_MANY_TRIES);
      }
      const current = claimed.find((c) => otpMatches(otpSalt(member.id), body.otp, c.code_hash));
      if (!current) {
        await recordAudit(db, memberActor(meta, member.id), {
          action: 'account.confirmOtp',
          target: `member:${member.id}`,
          outcome: 'failure',
        });
        const triesLeft = Math.max(...claimed.map((c) => OTP_MAX_WRONG_TRIES - c.attempts));
        throw new AppError(E.OTP_INCORRECT, { triesLeft });
      }
      const ticket = newToken();
      const issued = await db.transaction().execute(async (trx) => {
        const consumed = await consumeOtpQuery(trx, current.id, now).executeTakeFirst();
        if (!consumed) return false;
        // One reset at a time: the member's other OTPs and any earlier ticket end here.
        await retireUnused(trx, member.id, now);
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
        await notices.send(trx, [
          { memberId: used.member_id, template: 'passwordChanged', params: { at: now } },
        ]);
        return used.member_id;
      });
      if (memberId === undefined) throw new AppError(E.OTP_SESSION_INVALID);
      await sessions.announceEnded({ memberId });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
