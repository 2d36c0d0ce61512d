import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** The changes waiting for a second admin (`/api/admin/proposals`): list, approve, discard. */
export async function proposalsRoutes(app: FastifyInstance): Promise<void> {
  const { proposals } = app.services;
  const actor = (req: Parameters<typeof signedInStaff>[0]) => staffActor(req, signedInStaff(req).staffId);

  defineRoute(app, adminEndpoints.changeProposals, () => proposals.list());
  defineRoute(app, adminEndpoints.approveChangeProposal, ({ params, req }) =>
    proposals.approve(actor(req), params.id),
  );
  defineRoute(app, adminEndpoints.discardChangeProposal, ({ params, req }) =>
    proposals.discard(actor(req), params.id),
  );
}
