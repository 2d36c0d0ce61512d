import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** The desk's closed days in the back office (`/api/admin/closed-days`). */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const { calendar } = app.services;

  defineRoute(app, adminEndpoints.listClosedDays, ({ query }) => calendar.list(query.year));
  defineRoute(app, adminEndpoints.addClosedDay, ({ body, req }) =>
    calendar.add(staffActor(req, signedInStaff(req).staffId), body.date, body.name),
  );
  defineRoute(app, adminEndpoints.removeClosedDay, ({ body, req }) =>
    calendar.remove(staffActor(req, signedInStaff(req).staffId), body.date),
  );
}
