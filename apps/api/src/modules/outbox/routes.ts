import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** The outbox in the back office (`/api/admin/outbox`): each read is audited. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const { outbox } = app.services;

  defineRoute(app, adminEndpoints.outbox, ({ query, req }) =>
    outbox.list(staffActor(req, signedInStaff(req).staffId), query),
  );
}
