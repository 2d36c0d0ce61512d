import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { csvLine, defineRoute } from '../../http/route.ts';

/** The audit log in the back office (`/api/admin/audit`, `/api/admin/audit.csv`). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { auditLog } = app.services;

  defineRoute(app, adminEndpoints.auditLog, ({ query }) => auditLog.search(query));
  defineRoute(app, adminEndpoints.auditCsv, async ({ query }) => ({
    filename: `audit-${new Date().toISOString().slice(0, 10)}.csv`,
    lines: auditLog.csv(query, csvLine),
  }));
}
