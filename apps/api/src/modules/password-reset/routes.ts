import {
  E,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COUNTDOWN_S,
  OTP_VALIDITY_MS,
  parseLang,
  userEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createDelivery } from '../../delivery/index.ts';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { recordAudit } from '../audit/audit.ts';
import { revokeMemberSessions } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { maskEmail, maskPhone, otpMessage } from './messages.ts';
import { hashOtp, newOtp, otpMatches } from './otp.ts';

/**
 * Forgot password (spec section 4): an OTP to the member's email or phone, confirmed for a reset
 * ticket, which sets a new password once. Both the OTP and the ticket are rows of otp_codes
 * (purposes below), stored only as hashes, and each is consumed by a conditional UPDATE ...
 * WHERE used_at IS NULL, so of two requests racing with the same one exactly one wins.
 */
const OTP_PURPOSE = 'password_reset';
const TICKET_PURPOSE = 'reset_ticket';
const TICKET_TTL_MS = 10 * 60_000;
/**
 * OTPs one member can be sent in an hour, however many addresses ask: with 5 tries each, at most
 * 25 guesses an hour at a 6-digit code (the per-IP limits alone would let a botnet guess 5 a minute).
 */
const MAX_OTPS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

type Destination = { channel: 'email'; email: string } | { channel: 'phone'; phone: string };

async function findMember(db: Kysely<DB>, to: Destination) {
  const q = db.selectFrom('members').select(['id', 'email', 'phone']);
  const member = await (to.channel === 'email'
    ? q.where('email', '=', to.email)
    : q.where('phone', '=', to.phone)
  ).executeTakeFirst();
  if (!member) throw new AppError(to.channel === 'email' ? E.EMAIL_NOT_FOUND : E.PHONE_NOT_FOUND);
  return member;
}

const otpSalt = (memberId: number) => `member:${memberId}`;

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { config } = app;
  const delivery = createDelivery(
    { smtpUrl: config.smtpUrl, smsGatewayUrl: config.smsGatewayUrl, mailFrom: config.accounts.mailFrom },
    db,
  );
  app.addHook('onClose', async () => delivery.close());

  defineRoute(app, userEndpoints.forgotPassword, async ({ body, req }) => {
    const member = await findMember(db, body);
    const channel = body.channel === 'email' ? 'email' : 'sms';
    const otp = newOtp();
    const now = new Date();
    // The member's row is locked while deciding, so two requests at once cannot both pass the countdown.
    const otpId = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('members').select('id').where('id', '=', member.id).forUpdate().execute();
      // The newest OTPs of the last hour: the newest decides the resend countdown, and when there
      // are already MAX_OTPS_PER_HOUR, the next may only come an hour after the oldest of them.
      const recent = await trx
        .selectFrom('otp_codes')
        .select('created_at')
        .where('member_id', '=', member.id)
        .where('purpose', '=', OTP_PURPOSE)
        .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
        .orderBy('created_at', 'desc')
        .limit(MAX_OTPS_PER_HOUR)
        .execute();
      const newest = recent[0]?.created_at.getTime();
      const oldest = recent.length >= MAX_OTPS_PER_HOUR ? recent.at(-1)?.created_at.getTime() : undefined;
      const allowedAt = Math.max(
        newest === undefined ? 0 : newest + OTP_RESEND_COUNTDOWN_S * 1000,
        oldest === undefined ? 0 : oldest + HOUR_MS,
      );
      const waitMs = allowedAt - now.getTime();
      if (waitMs > 0) {
        throw new AppError(E.OTP_RESEND_TOO_SOON, { resendInSeconds: Math.ceil(waitMs / 1000) });
      }
      await trx
        .updateTable('otp_codes')
        .set({ used_at: now })
        .where('member_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('otp_codes')
        .values({
          member_id: member.id,
          purpose: OTP_PURPOSE,
          channel,
          code_hash: hashOtp(otpSalt(member.id), otp),
          expires_at: new Date(now.getTime() + OTP_VALIDITY_MS),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const to = channel === 'email' ? member.email : member.phone;
    try {
      await delivery.send({
        channel,
        to,
        ...otpMessage(parseLang(req.headers['accept-language']), otp, OTP_VALIDITY_MS / 60_000),
      });
    } catch (err) {
      // Not delivered: forget this OTP so the member may ask again at once.
      await db.deleteFrom('otp_codes').where('id', '=', otpId).execute();
      req.log.error({ err, channel }, 'OTP delivery failed');
      throw new AppError(E.SOMETHING_WRONG);
    }
    await recordAudit(
      db,
      { type: 'member', id: String(member.id), ip: req.ip },
      { action: 'account.requestPasswordReset', target: `member:${member.id}`, after: { channel } },
    );
    return {
      channel: body.channel,
      destination: channel === 'email' ? maskEmail(to) : maskPhone(to),
      expiresInSeconds: OTP_VALIDITY_MS / 1000,
      resendInSeconds: OTP_RESEND_COUNTDOWN_S,
    };
  });

  defineRoute(app, userEndpoints.confirmOtp, async ({ body, req }) => {
    const member = await findMember(db, body);
    const now = new Date();
    const current = await db
      .selectFrom('otp_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
      .where('member_id', '=', member.id)
      .where('purpose', '=', OTP_PURPOSE)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!current || current.used_at !== null) throw new AppError(E.OTP_SESSION_INVALID);
    if (current.expires_at <= now) throw new AppError(E.OTP_EXPIRED);
    // Claim one try before comparing, so concurrent guesses can never exceed the limit.
    const claimed = await db
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', current.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', OTP_MAX_WRONG_TRIES)
      .returning('attempts')
      .executeTakeFirst();
    if (!claimed) {
      // Used by a request that won a race, or out of tries.
      const row = await db
        .selectFrom('otp_codes')
        .select('used_at')
        .where('id', '=', current.id)
        .executeTakeFirst();
      throw new AppError(row?.used_at === null ? E.OTP_TOO_MANY_TRIES : E.OTP_SESSION_INVALID);
    }
    if (!otpMatches(otpSalt(member.id), body.otp, current.code_hash)) {
      await recordAudit(
        db,
        { type: 'member', id: String(member.id), ip: req.ip },
        { action: 'account.confirmOtp', target: `member:${member.id}`, outcome: 'failure' },
      );
      throw new AppError(E.OTP_INCORRECT, { triesLeft: OTP_MAX_WRONG_TRIES - claimed.attempts });
    }
    const ticket = newToken();
    const issued = await db.transaction().execute(async (trx) => {
      const consumed = await trx
        .updateTable('otp_codes')
        .set({ used_at: now })
        .where('id', '=', current.id)
        .where('used_at', 'is', null)
        .returning('channel')
        .executeTakeFirst();
      if (!consumed) return false;
      await trx
        .insertInto('otp_codes')
        .values({
          member_id: member.id,
          purpose: TICKET_PURPOSE,
          channel: consumed.channel,
          code_hash: ticket.hash,
          expires_at: new Date(now.getTime() + TICKET_TTL_MS),
          created_at: now,
        })
        .execute();
      return true;
    });
    if (!issued) throw new AppError(E.OTP_SESSION_INVALID);
    return { resetTicket: ticket.token, expiresInSeconds: TICKET_TTL_MS / 1000 };
  });

  defineRoute(app, userEndpoints.changePassword, async ({ body, req }) => {
    const now = new Date();
    const ticketHash = hashToken(body.resetTicket);
    // A ticket that cannot work is refused before the (deliberately slow) password hashing; the
    // transaction below still decides, so of two resets racing with one ticket one wins.
    const live = await db
      .selectFrom('otp_codes')
      .select('id')
      .where('code_hash', '=', ticketHash)
      .where('purpose', '=', TICKET_PURPOSE)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!live) throw new AppError(E.OTP_SESSION_INVALID);
    const passwordHash = await app.passwords.hash(body.password);
    const memberId = await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('otp_codes')
        .set({ used_at: now })
        .where('code_hash', '=', ticketHash)
        .where('purpose', '=', TICKET_PURPOSE)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
      if (!used) return undefined;
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', used.member_id)
        .execute();
      await revokeMemberSessions(trx, used.member_id, undefined, now);
      await recordAudit(
        trx,
        { type: 'member', id: String(used.member_id), ip: req.ip },
        { action: 'account.resetPassword', target: `member:${used.member_id}` },
      );
      return used.member_id;
    });
    if (memberId === undefined) throw new AppError(E.OTP_SESSION_INVALID);
    return null;
  });
}
