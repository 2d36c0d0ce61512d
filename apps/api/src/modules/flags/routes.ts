import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** Staff notes and flags on a member (`/api/admin/members/:id/risk|notes|flags`). */
export async function flagsRoutes(app: FastifyInstance): Promise<void> {
  const { flags } = app.services;
  const staff = (req: Parameters<typeof signedInStaff>[0]) => {
    const { staffId } = signedInStaff(req);
    return { staffId, actor: staffActor(req, staffId) };
  };

  defineRoute(app, adminEndpoints.memberRisk, ({ params }) => flags.ofMember(params.id));
  defineRoute(app, adminEndpoints.addMemberNote, ({ params, body, req }) => {
    const { staffId, actor } = staff(req);
    return flags.addNote(actor, staffId, params.id, body.body);
  });
  defineRoute(app, adminEndpoints.setMemberFlag, ({ params, body, req }) => {
    const { staffId, actor } = staff(req);
    return flags.setFlag(actor, staffId, params.id, body.flag, body.reason);
  });
  defineRoute(app, adminEndpoints.liftMemberFlag, ({ params, body, req }) => {
    const { staffId, actor } = staff(req);
    return flags.liftFlag(actor, staffId, params.id, body.flag, body.reason);
  });
}
