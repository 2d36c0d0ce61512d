import {
  type changePasswordProfileBodySchema,
  E,
  type editProfileBodySchema,
  type Profile,
  type SessionResult,
  type signUpBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { KeptMemberReads } from '../../http/kept-member-reads.ts';
import type { Kept } from '../../http/route.ts';
import type { Notices } from '../../notifications/index.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import { kycReview } from '../kyc/index.ts';
import type { PasswordHasher, StepUp } from '../passwords/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import {
  type MemberSession,
  type RequestMeta,
  type SessionService,
  sessionResult,
} from '../sessions/index.ts';
import { isTakenAnswer, type LookupBudget } from './lookups.ts';
import {
  contactDetails,
  findByContact,
  findByUsername,
  findProfile,
  insertMember,
  setContactDetails,
  setPasswordHash,
} from './repository.ts';
import { assertUnused, uniqueViolation } from './uniqueness.ts';

type SignUpBody = z.output<typeof signUpBodySchema>;
type EditProfileBody = z.output<typeof editProfileBodySchema>;
type ChangePasswordProfileBody = z.output<typeof changePasswordProfileBodySchema>;

interface Deps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  sessions: SessionService;
  payments: PaymentsService;
  stepUp: StepUp;
  lookups: LookupBudget;
  events: Pick<EventBus, 'publish'>;
  /** The member's message when the password changes (decision 0078). */
  notices: Pick<Notices, 'send'>;
  /** The profiles this process answers from memory (decision 0085). */
  kept: Pick<KeptMemberReads, 'find' | 'generation' | 'keep'>;
}

/** A member's own account: sign-up, profile, profile edit and password change. */
export function createAccountService({
  db,
  passwords,
  sessions,
  payments,
  stepUp,
  lookups,
  events,
  notices,
  kept,
}: Deps) {
  async function profile(memberId: number): Promise<Profile> {
    const m = await findProfile(db, memberId);
    if (!m) throw new AppError(E.NOT_ALLOWED);
    return {
      id: m.id,
      username: m.username,
      firstName: m.first_name,
      lastName: m.last_name,
      phone: m.phone,
      email: m.email,
      kycStatus: m.kyc_status,
      kycReview: kycReview(m.kyc_review),
      createdAt: m.created_at,
      bankAccounts: m.bank_accounts,
      usdtAddresses: m.usdt_addresses,
    };
  }

  return {
    profile,

    /**
     * The profile as the member's profile call answers it: from memory until a row it was read
     * from changes (decision 0085); nothing in it changes with time alone.
     */
    async keptProfile(memberId: number): Promise<Kept<Profile>> {
      const key = `profile:${memberId}`;
      const hit = kept.find(key);
      if (hit) return hit as Kept<Profile>;
      const readAt = kept.generation();
      return kept.keep(key, memberId, await profile(memberId), Number.POSITIVE_INFINITY, readAt);
    },

    /** Creates the member with their first bank account and USDT address, all or nothing, and signs in. */
    async signUp(body: SignUpBody, meta: RequestMeta): Promise<SessionResult> {
      await assertUnused(db, body).catch(async (err) => {
        if (isTakenAnswer(err)) await lookups.spend(meta);
        throw err;
      });
      await payments.assertNetworkEnabled({ type: 'usdt', network: body.usdtAddress.network });
      const passwordHash = await passwords.hash(body.password);
      let memberId: number;
      try {
        memberId = await db.transaction().execute(async (trx) => {
          const id = await insertMember(trx, {
            username: body.username,
            password_hash: passwordHash,
            first_name: body.firstName,
            last_name: body.lastName,
            phone: body.phone,
            email: body.email,
          });
          if (body.bankAccount) await payments.insertFirst(trx, id, { type: 'bank', ...body.bankAccount });
          await payments.insertFirst(trx, id, { type: 'usdt', ...body.usdtAddress });
          await recordAudit(trx, memberActor(meta, id), {
            action: 'account.signUp',
            target: `member:${id}`,
            after: {
              username: body.username,
              bankAccount: body.bankAccount ? { bankCode: body.bankAccount.bankCode } : null,
              usdtAddress: { network: body.usdtAddress.network, address: body.usdtAddress.address },
            },
          });
          return id;
        });
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      // The back office's dashboard counts members live.
      await events.publish('members.changed', { id: memberId });
      return sessionResult(await sessions.startMember(memberId, meta));
    },

    /** Names, phone and email; a new email or phone needs the current password. */
    async editProfile(memberId: number, body: EditProfileBody, meta: RequestMeta): Promise<Profile> {
      const stored = await contactDetails(db, memberId);
      if (body.email !== stored.email || body.phone !== stored.phone) {
        await stepUp.assertCurrentPassword(memberId, body.currentPassword, meta, 'account.editProfile');
      }
      await assertUnused(db, body, memberId).catch(async (err) => {
        if (isTakenAnswer(err)) await lookups.spendForMember(memberId, meta);
        throw err;
      });
      try {
        await db.transaction().execute(async (trx) => {
          const before = await contactDetails(trx, memberId);
          const after = {
            first_name: body.firstName,
            last_name: body.lastName,
            phone: body.phone,
            email: body.email,
          };
          await setContactDetails(trx, memberId, after);
          await recordAudit(trx, memberActor(meta, memberId), {
            action: 'account.editProfile',
            target: `member:${memberId}`,
            before,
            after,
          });
        });
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      return profile(memberId);
    },

    /** A new password given the current one; ends the member's other sessions. */
    async changePassword(
      session: MemberSession,
      body: ChangePasswordProfileBody,
      meta: RequestMeta,
    ): Promise<void> {
      const { memberId, sessionId } = session;
      await stepUp.assertCurrentPassword(memberId, body.currentPassword, meta, 'account.changePassword');
      const passwordHash = await passwords.hash(body.password);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, memberId, passwordHash);
        await sessions.endAllOfMember(trx, memberId, sessionId);
        await recordAudit(trx, memberActor(meta, memberId), {
          action: 'account.changePassword',
          target: `member:${memberId}`,
        });
        await notices.send(trx, [{ memberId, template: 'passwordChanged', params: { at: new Date() } }]);
      });
      await sessions.announceEnded({ memberId });
    },

    /** The member signing in by username (any letter case), with their password hash. */
    findForSignIn: (username: string) => findByUsername(db, username),

    /**
     * The member an email address or phone number belongs to. Not found is an answer that tells
     * whether the address is registered: counted against the caller's IP (lookup budget).
     */
    async findByContact(to: { email: string } | { phone: string }, meta: RequestMeta) {
      const member = await findByContact(db, to);
      if (!member) await lookups.spend(meta);
      return member;
    },

    /** Sets a new password hash in the caller's transaction (password reset). */
    setPasswordHash: (trx: Kysely<DB>, memberId: number, passwordHash: string, now?: Date) =>
      setPasswordHash(trx, memberId, passwordHash, now),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
