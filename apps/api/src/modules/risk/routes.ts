import { adminEndpoints, memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInMember, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** The member's own limits, and members' levels in the back office. */
export async function riskRoutes(app: FastifyInstance): Promise<void> {
  const { risk } = app.services;

  defineRoute(app, memberEndpoints.getTradeLimits, ({ req }) => risk.limits(signedInMember(req).memberId));
  defineRoute(app, adminEndpoints.memberLevel, ({ params }) => risk.memberLevel(params.id));
  defineRoute(app, adminEndpoints.setMemberLevel, ({ params, body, req }) =>
    risk.setLevel(staffActor(req, signedInStaff(req).staffId), params.id, body),
  );
}
