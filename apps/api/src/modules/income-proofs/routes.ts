import { adminEndpoints, memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInMember, signedInStaff } from '../../http/route.ts';
import { memberActor, staffActor } from '../audit/index.ts';

/** The member's proof of income or assets; the staff's review queue and decisions. */
export async function incomeProofRoutes(app: FastifyInstance): Promise<void> {
  const { incomeProofs } = app.services;

  defineRoute(app, memberEndpoints.stageProofImage, ({ body, req }) => {
    const { memberId } = signedInMember(req);
    return incomeProofs.stage(memberActor(req, memberId), memberId, body.slot, body.image);
  });
  defineRoute(app, memberEndpoints.submitIncomeProof, ({ body, req }) => {
    const { memberId } = signedInMember(req);
    return incomeProofs.submit(memberActor(req, memberId), memberId, body);
  });
  defineRoute(app, memberEndpoints.getIncomeProof, ({ req }) =>
    incomeProofs.newest(signedInMember(req).memberId),
  );

  defineRoute(app, adminEndpoints.incomeProofQueue, ({ query }) => incomeProofs.queue(query));
  defineRoute(app, adminEndpoints.incomeProof, ({ params }) => incomeProofs.summary(params.id));
  defineRoute(app, adminEndpoints.decideIncomeProof, ({ params, body, req }) => {
    const { staffId } = signedInStaff(req);
    return incomeProofs.decide(staffActor(req, staffId), staffId, params.id, body);
  });
  defineRoute(app, adminEndpoints.memberIncomeProofs, ({ params }) => incomeProofs.ofMember(params.id));
}
