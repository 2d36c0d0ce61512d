import { E, isValidUsername, type SessionResult, type signInBodySchema } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseIfBanned } from '../../http/ip-banned.ts';
import type { Notices } from '../../notifications/index.ts';
import type { AccountService } from '../account/index.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import type { PasswordAttempts, PasswordHasher } from '../passwords/index.ts';
import {
  type MemberSession,
  type RequestMeta,
  type SessionService,
  sessionResult,
} from '../sessions/index.ts';
import type { ClientSignatures } from './client-signature.ts';
import { deviceName } from './device.ts';

type SignInBody = z.output<typeof signInBodySchema>;

interface Deps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  account: AccountService;
  sessions: SessionService;
  passwordAttempts: PasswordAttempts;
  signatures: ClientSignatures;
  /** The member's message on a sign-in from a new device (decision 0078). */
  notices: Pick<Notices, 'send'>;
}

/** Member sign-in and sign-out, and the clientSignature anonymous POSTs carry. */
export function createAuthService({
  db,
  passwords,
  account,
  sessions,
  passwordAttempts,
  signatures,
  notices,
}: Deps) {
  return {
    async signIn(body: SignInBody, meta: RequestMeta): Promise<SessionResult> {
      // Counted before the (slow) check, so a burst cannot get past the limit while it runs.
      refuseIfBanned(await passwordAttempts.attemptPassword(meta.ip));
      // A username no member can have (sign-up allows letters and digits only) is not looked up.
      const member = isValidUsername(body.username) ? await account.findForSignIn(body.username) : undefined;
      // An unknown username is checked against a dummy hash of the same cost, so both answers take
      // the same time and the timing does not tell which usernames exist.
      const stored = member?.password_hash ?? (await passwords.dummyHash());
      const valid = await passwords.verify(stored, body.password);
      const actor = { type: 'member' as const, id: member ? String(member.id) : null, ip: meta.ip };
      if (!member || !valid) {
        await recordAudit(db, actor, {
          action: 'auth.signIn',
          target: member ? `member:${member.id}` : null,
          reason: member ? 'wrong password' : 'unknown username',
          outcome: 'failure',
        });
        throw new AppError(E.BAD_CREDENTIALS);
      }
      await passwordAttempts.passwordSucceeded(meta.ip);
      const newDevice = await sessions.isNewDevice(member.id, meta.userAgent);
      const session = await sessions.startMember(member.id, meta);
      await recordAudit(db, actor, { action: 'auth.signIn', target: `member:${member.id}` });
      if (newDevice) {
        const params = { device: deviceName(meta.userAgent), at: new Date() };
        await notices.send(db, [{ memberId: member.id, template: 'newDevice', params }]);
      }
      return sessionResult(session);
    },

    async signOut(session: MemberSession, meta: RequestMeta): Promise<void> {
      await sessions.endMember(session);
      await recordAudit(db, memberActor(meta, session.memberId), {
        action: 'auth.signOut',
        target: `member:${session.memberId}`,
      });
    },

    clientSignature() {
      const { signature, expiresAt } = signatures.issue();
      return { clientSignature: signature, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** Whether an anonymous POST carries a valid clientSignature. */
    isValidSignature: (signature: string | undefined) => signatures.isValid(signature),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
