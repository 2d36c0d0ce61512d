import { E, type Profile, userEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { signedIn } from '../../plugins/auth.ts';
import { memberActor, recordAudit } from '../audit/audit.ts';
import { createSession, revokeMemberSessions, sessionResult } from '../auth/sessions.ts';
import { listPayments } from '../payments/repository.ts';
import { setPasswordHash } from './repository.ts';
import { assertUnused, uniqueViolation } from './uniqueness.ts';

async function loadProfile(db: Kysely<DB>, memberId: number): Promise<Profile> {
  const m = await db
    .selectFrom('members')
    .select(['id', 'username', 'first_name', 'last_name', 'phone', 'email', 'kyc_status', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
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

  defineRoute(app, userEndpoints.signUp, async ({ body, req }) => {
    await assertUnused(db, body);
    const passwordHash = await app.passwords.hash(body.password);
    let memberId: number;
    try {
      memberId = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('members')
          .values({
            username: body.username,
            password_hash: passwordHash,
            first_name: body.firstName,
            last_name: body.lastName,
            phone: body.phone,
            email: body.email,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (body.bankAccount) {
          await trx
            .insertInto('bank_accounts')
            .values({
              member_id: id,
              bank_code: body.bankAccount.bankCode,
              account_number: body.bankAccount.accountNumber,
              account_name: body.bankAccount.accountName,
            })
            .execute();
        }
        await trx
          .insertInto('usdt_addresses')
          .values({
            member_id: id,
            network: body.usdtAddress.network,
            address: body.usdtAddress.address,
            nickname: body.usdtAddress.nickname ?? null,
          })
          .execute();
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
    await assertUnused(db, body, memberId);
    try {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('members')
          .select(['first_name', 'last_name', 'phone', 'email'])
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow();
        const after = {
          first_name: body.firstName,
          last_name: body.lastName,
          phone: body.phone,
          email: body.email,
        };
        await trx
          .updateTable('members')
          .set({ ...after, updated_at: new Date() })
          .where('id', '=', memberId)
          .execute();
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
    const member = await db
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (!(await app.passwords.verify(member.password_hash, body.currentPassword))) {
      await recordAudit(db, actor, {
        action: 'account.changePassword',
        target: `member:${memberId}`,
        reason: 'current password incorrect',
        outcome: 'failure',
      });
      await app.limits.recordFailedSignIn(req.ip);
      throw new AppError(E.CURRENT_PASSWORD_INCORRECT);
    }
    const passwordHash = await app.passwords.hash(body.password);
    await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, memberId, passwordHash);
      await revokeMemberSessions(trx, memberId, sessionId);
      await recordAudit(trx, actor, { action: 'account.changePassword', target: `member:${memberId}` });
    });
    return null;
  });
}
