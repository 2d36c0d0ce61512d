import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** IP bans in the back office (`/api/admin/bans`). */
export async function bansRoutes(app: FastifyInstance): Promise<void> {
  const { bans } = app.services;

  defineRoute(app, adminEndpoints.listBans, () => bans.list());
  defineRoute(app, adminEndpoints.unban, ({ body, req }) =>
    bans.unban(staffActor(req, signedInStaff(req).staffId), body.ip),
  );
}
