import { adminEndpoints, fileEndpoints, kycEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, signedInMember, signedInStaff } from '../../http/route.ts';
import { memberActor, staffActor } from '../audit/index.ts';

/** The member's identity submission and own images; the staff's review queue, decisions and image reads. */
export async function kycRoutes(app: FastifyInstance): Promise<void> {
  const { kyc } = app.services;
  const member = (req: FastifyRequest) => {
    const { memberId } = signedInMember(req);
    return { memberId, actor: memberActor(req, memberId) };
  };

  defineRoute(app, kycEndpoints.uploadImgFile, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return kyc.checkOne(actor, memberId, body.image);
  });
  defineRoute(app, kycEndpoints.stageKycImage, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return kyc.stage(actor, memberId, body.slot, body.image);
  });
  defineRoute(app, kycEndpoints.submitKyc, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return kyc.submitStaged(actor, memberId, body);
  });
  defineRoute(app, kycEndpoints.uploadKyc, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return kyc.submit(actor, memberId, body);
  });
  defineRoute(app, fileEndpoints.memberFile, ({ params, req }) =>
    kyc.memberFile(member(req).memberId, params.id),
  );

  defineRoute(app, adminEndpoints.kycQueue, ({ query }) => kyc.queue(query));
  defineRoute(app, adminEndpoints.kycSubmission, ({ params }) => kyc.submission(params.id));
  defineRoute(app, adminEndpoints.decideKyc, ({ params, body, req }) => {
    const { staffId } = signedInStaff(req);
    return kyc.decide(staffActor(req, staffId), staffId, params.id, body);
  });
  defineRoute(app, adminEndpoints.staffFile, ({ params }) => kyc.staffFile(params.id));
}
