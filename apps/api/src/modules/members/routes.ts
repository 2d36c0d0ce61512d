import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** Members in the back office (`/api/admin/members...`). */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const { members } = app.services;

  defineRoute(app, adminEndpoints.searchMembers, ({ query }) => members.search(query.q, query));
  defineRoute(app, adminEndpoints.memberDetail, ({ params }) => members.detail(params.id));
  defineRoute(app, adminEndpoints.revealBankAccount, ({ params, req }) =>
    members.revealBankAccount(staffActor(req, signedInStaff(req).staffId), params.id, params.accountId),
  );
  defineRoute(app, adminEndpoints.endMemberSessions, ({ params, req }) =>
    members.endSessions(staffActor(req, signedInStaff(req).staffId), params.id),
  );
}
