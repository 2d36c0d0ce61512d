import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';

/** The back office's own session (`/api/admin/me`). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { staff } = app.services;

  defineRoute(app, adminEndpoints.me, ({ req }) => staff.profile(signedInStaff(req)));
}
