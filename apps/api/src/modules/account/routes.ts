import { accountEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, requestMeta, signedInMember } from '../../http/route.ts';

/** Sign-up, profile, profile edit and password change (`/api/external/user/...`). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { account } = app.services;

  defineRoute(app, accountEndpoints.signUp, ({ body, req }) => account.signUp(body, requestMeta(req)));

  defineRoute(app, accountEndpoints.profile, ({ req }) => account.keptProfile(signedInMember(req).memberId));

  defineRoute(app, accountEndpoints.editProfile, ({ body, req }) =>
    account.editProfile(signedInMember(req).memberId, body, requestMeta(req)),
  );

  defineRoute(app, accountEndpoints.changePasswordProfile, async ({ body, req }) => {
    await account.changePassword(signedInMember(req), body, requestMeta(req));
    return null;
  });
}
