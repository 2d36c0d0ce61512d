import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';

/** The outbox in the back office (`/api/admin/outbox`). */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const { outbox } = app.services;

  defineRoute(app, adminEndpoints.outbox, ({ query }) => outbox.list(query));
}
