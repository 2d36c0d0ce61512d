import { paymentsEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInMember } from '../../http/route.ts';
import { memberActor } from '../audit/index.ts';

/** A member's bank accounts and USDT addresses: add, change, delete (`/api/external/user/...Payment`). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;
  const actor = (req: Parameters<typeof signedInMember>[0]) => {
    const { memberId } = signedInMember(req);
    return { ...memberActor(req, memberId), memberId };
  };

  defineRoute(app, paymentsEndpoints.addPayment, ({ body, req }) => payments.add(actor(req), body));
  defineRoute(app, paymentsEndpoints.updatePayment, ({ body, req }) => payments.update(actor(req), body));
  defineRoute(app, paymentsEndpoints.deletePayment, ({ body, req }) => payments.delete(actor(req), body));
}
