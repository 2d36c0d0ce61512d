import { authEndpoints, E, isValidUsername } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { signedIn } from '../../plugins/auth.ts';
import { findByUsername } from '../account/repository.ts';
import { memberActor, recordAudit } from '../audit/audit.ts';
import { createSession, revokeSession, sessionResult } from './sessions.ts';

/** Sign-in and sign-out (`POST /api/external/auth/auth`, `/logout`). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  defineRoute(app, authEndpoints.signIn, async ({ body, req }) => {
    // A username no member can have (sign-up allows letters and digits only) is not looked up.
    const member = isValidUsername(body.username) ? await findByUsername(db, body.username) : undefined;
    // An unknown username is checked against a dummy hash of the same cost, so both answers take
    // the same time and the timing does not tell which usernames exist.
    const stored = member?.password_hash ?? (await app.passwords.dummyHash());
    const valid = await app.passwords.verify(stored, body.password);
    const actor = { type: 'member' as const, id: member ? String(member.id) : null, ip: req.ip };
    if (!member || !valid) {
      await recordAudit(db, actor, {
        action: 'auth.signIn',
        target: member ? `member:${member.id}` : null,
        reason: member ? 'wrong password' : 'unknown username',
        outcome: 'failure',
      });
      await app.limits.recordFailedSignIn(req.ip);
      throw new AppError(E.BAD_CREDENTIALS);
    }
    const session = await createSession(db, member.id, app.sessionPolicy, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    await recordAudit(db, actor, { action: 'auth.signIn', target: `member:${member.id}` });
    return sessionResult(session);
  });

  defineRoute(app, authEndpoints.logout, async ({ req }) => {
    const { memberId, sessionId } = signedIn(req);
    await revokeSession(db, sessionId);
    await recordAudit(db, memberActor(req, memberId), {
      action: 'auth.signOut',
      target: `member:${memberId}`,
    });
    return null;
  });
}
