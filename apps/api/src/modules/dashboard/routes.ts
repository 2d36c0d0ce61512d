import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';

/** The back office's dashboard (`/api/admin/dashboard`). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { dashboard } = app.services;

  defineRoute(app, adminEndpoints.dashboard, ({ query }) => dashboard.read(query.days));
  defineRoute(app, adminEndpoints.waitingCounts, () => dashboard.waiting());
}
