import { E, type Profile, userEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { signedIn } from '../../plugins/auth.ts';
import { memberActor, recordAudit } from '../audit/audit.ts';
import { createSession, revokeMemberSessions, sessionResult } from '../auth/sessions.ts';
import { insertPayment, listPayments } from '../payments/repository.ts';
import {
  contactDetails,
  findProfile,
  insertMember,
  passwordHashOf,
  setContactDetails,
  setPasswordHash,
} from './repository.ts';
import { assertUnused, uniqueViolation } from './uniqueness.ts';

async function loadProfile(db: Kysely<DB>, memberId: number): Promise<Profile> {
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
    createdAt: m.created_at.toISOString(),
    ...(await listPayments(db, memberId)),
  };
}

/** Sign-up, profile, profile edit and password change (`/api/external/user/...`). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  /**
   * The member's own password, asked before a change a stolen session must not make (a new password,
   * email or phone). Missing: 10033 on `currentPassword`. Wrong: 10017, audited as a failure of
   * `action`, and counted against the IP like a failed sign-in.
   */
  async function assertCurrentPassword(
    memberId: number,
    currentPassword: string | undefined,
    req: FastifyRequest,
    action: 'account.changePassword' | 'account.editProfile',
  ): Promise<void> {
    if (!currentPassword) throw new AppError(E.REQUIRED, { fields: ['currentPassword'] });
    if (await app.passwords.verify(await passwordHashOf(db, memberId), currentPassword)) return;
    await recordAudit(db, memberActor(req, memberId), {
      action,
      target: `member:${memberId}`,
      reason: 'current password incorrect',
      outcome: 'failure',
    });
    await app.limits.recordFailedSignIn(req.ip);
    throw new AppError(E.CURRENT_PASSWORD_INCORRECT);
  }

  defineRoute(app, userEndpoints.signUp, async ({ body, req }) => {
    await assertUnused(db, body);
    const passwordHash = await app.passwords.hash(body.password);
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
        if (body.bankAccount) await insertPayment(trx, id, { type: 'bank', ...body.bankAccount });
        await insertPayment(trx, id, { type: 'usdt', ...body.usdtAddress });
        await recordAudit(trx, memberActor(req, id), {
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
    const session = await createSession(db, memberId, app.sessionPolicy, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    return sessionResult(session);
  });

  defineRoute(app, userEndpoints.profile, async ({ req }) => loadProfile(db, signedIn(req).memberId));

  defineRoute(app, userEndpoints.editProfile, async ({ body, req }) => {
    const { memberId } = signedIn(req);
    const stored = await contactDetails(db, memberId);
    if (body.email !== stored.email || body.phone !== stored.phone) {
      await assertCurrentPassword(memberId, body.currentPassword, req, 'account.editProfile');
    }
    await assertUnused(db, body, memberId);
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
        await recordAudit(trx, memberActor(req, memberId), {
          action: 'account.editProfile',
          target: `member:${memberId}`,
          before,
          after,
        });
      });
    } catch (err) {
      throw uniqueViolation(err) ?? err;
    }
    return loadProfile(db, memberId);
  });

  defineRoute(app, userEndpoints.changePasswordProfile, async ({ body, req }) => {
    const { memberId, sessionId } = signedIn(req);
    const actor = memberActor(req, memberId);
    await assertCurrentPassword(memberId, body.currentPassword, req, 'account.changePassword');
    const passwordHash = await app.passwords.hash(body.password);
    await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, memberId, passwordHash);
      await revokeMemberSessions(trx, memberId, sessionId);
      await recordAudit(trx, actor, { action: 'account.changePassword', target: `member:${memberId}` });
    });
    return null;
  });
}
