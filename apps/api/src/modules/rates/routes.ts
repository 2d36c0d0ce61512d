import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** Staff set the rates (`/api/admin/rates`); members read them through getRate (home module). */
export async function ratesRoutes(app: FastifyInstance): Promise<void> {
  const { rates } = app.services;

  defineRoute(app, adminEndpoints.rateHistory, ({ query }) => rates.history(query));

  defineRoute(app, adminEndpoints.setRates, ({ body, req }) =>
    rates.change(staffActor(req, signedInStaff(req).staffId), body),
  );

  defineRoute(app, adminEndpoints.rateProposals, () => rates.proposals());

  defineRoute(app, adminEndpoints.approveRateProposal, ({ params, req }) =>
    rates.approve(staffActor(req, signedInStaff(req).staffId), params.id),
  );

  defineRoute(app, adminEndpoints.discardRateProposal, ({ params, req }) =>
    rates.discard(staffActor(req, signedInStaff(req).staffId), params.id),
  );
}
