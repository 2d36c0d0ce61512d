import { authEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, requestMeta, signedInMember } from '../../http/route.ts';

/** Sign-in, sign-out and the clientSignature (`/api/external/auth/...`, `/api/clientSignature`). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;

  defineRoute(app, authEndpoints.signIn, ({ body, req }) => auth.signIn(body, requestMeta(req)));

  defineRoute(app, authEndpoints.logout, async ({ req }) => {
    await auth.signOut(signedInMember(req), requestMeta(req));
    return null;
  });

  defineRoute(app, authEndpoints.clientSignature, async () => auth.clientSignature());
}
