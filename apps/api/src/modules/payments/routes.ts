import { parseLang, paymentsEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, requestMeta, signedInMember } from '../../http/route.ts';

/** A member's bank accounts and USDT addresses: add, change, delete (`/api/external/user/...Payment`). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;
  const member = (req: FastifyRequest) => signedInMember(req).memberId;
  const meta = (req: FastifyRequest) => ({
    ...requestMeta(req),
    lang: parseLang(req.headers['accept-language']),
  });

  defineRoute(app, paymentsEndpoints.addPayment, ({ body, req }) =>
    payments.add(member(req), body, meta(req)),
  );
  defineRoute(app, paymentsEndpoints.updatePayment, ({ body, req }) =>
    payments.update(member(req), body, meta(req)),
  );
  defineRoute(app, paymentsEndpoints.deletePayment, ({ body, req }) =>
    payments.delete(member(req), body, meta(req)),
  );
}
