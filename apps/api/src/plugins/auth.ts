import { randomBytes } from 'node:crypto';
import { authEndpoints, CLIENT_SIGNATURE_HEADER, E } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineRoute } from '../http/route.ts';
import { type ClientSignatures, createClientSignatures } from '../modules/auth/client-signature.ts';
import { createPasswordHasher, type PasswordHasher, PRODUCTION_ARGON2 } from '../modules/auth/passwords.ts';
import { authenticate, type SessionMember, type SessionPolicy } from '../modules/auth/sessions.ts';
import { bearerToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    sessionPolicy: SessionPolicy;
  }
  interface FastifyRequest {
    /** The signed-in member on routes whose access is 'member'; null elsewhere. */
    member: SessionMember | null;
  }
}

/** The signed-in member of a 'member' route (the hook below has already checked the session). */
export function signedIn(req: FastifyRequest): SessionMember {
  if (!req.member) throw new AppError(E.NOT_ALLOWED);
  return req.member;
}

/** How long a clientSignature stays valid. */
const CLIENT_SIGNATURE_TTL_MS = 10 * 60_000;
const SECRET_SETTING = 'clientSignatureSecret';

/**
 * The clientSignature key: CLIENT_SIGNATURE_SECRET when set, otherwise a random one made once and
 * kept in the settings table, so every process on the same database shares it and it survives
 * restarts.
 */
async function signatureSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('settings')
    .values({ key: SECRET_SETTING, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SECRET_SETTING)
    .executeTakeFirstOrThrow();
  return String(row.value);
}

/**
 * Access control from the contract's `access` of each route, in an onRequest hook (before the body
 * is read): 'member' needs a live session token, 'signed' a valid clientSignature, 'staff' is
 * refused until staff sessions exist. Registered after
 * the limits plugin, so a banned IP is refused before any of this runs.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { accounts } = app.config;
    const db = app.database.db;
    const policy: SessionPolicy = {
      idleMs: accounts.sessionIdleMinutes * 60_000,
      absoluteMs: accounts.sessionAbsoluteMinutes * 60_000,
    };
    const signatures: ClientSignatures = createClientSignatures(
      await signatureSecret(db, accounts.clientSignatureSecret),
      CLIENT_SIGNATURE_TTL_MS,
    );
    app.decorate('sessionPolicy', policy);
    app.decorate(
      'passwords',
      createPasswordHasher({ ...PRODUCTION_ARGON2, memoryCost: accounts.argon2MemoryKib }),
    );
    app.decorateRequest('member', null);

    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      if (access === 'member') {
        req.member = await authenticate(db, bearerToken(req.headers.authorization), policy);
      } else if (access === 'signed') {
        const signature = req.headers[CLIENT_SIGNATURE_HEADER];
        if (!signatures.isValid(typeof signature === 'string' ? signature : undefined)) {
          throw new AppError(E.ACCESS_DENIED);
        }
      } else if (access && typeof access === 'object') {
        // Staff sessions (the back office) are not checked here yet: until they are, a staff
        // route is closed to everyone rather than open to anyone.
        throw new AppError(E.NOT_ALLOWED);
      }
    });

    defineRoute(app, authEndpoints.clientSignature, async () => {
      const { signature, expiresAt } = signatures.issue();
      return { clientSignature: signature, expiresAt: new Date(expiresAt).toISOString() };
    });
  },
  { name: 'auth', dependencies: ['errors', 'limits'] },
);
