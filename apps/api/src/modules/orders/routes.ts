import {
  adminEndpoints,
  E,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  parseLang,
  transactionEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { csvLine, defineRoute, signedInMember, signedInStaff } from '../../http/route.ts';
import { memberActor, staffActor } from '../audit/index.ts';

/** The Idempotency-Key header, if sent: 400 for one that is not 8-100 letters, digits, '-' or '_'. */
function idempotencyKey(req: FastifyRequest): string | undefined {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new AppError(E.INVALID_INPUT);
  return parsed.data;
}

/** The member's six order calls and the staff's order desk. */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const { orders } = app.services;
  const member = (req: FastifyRequest) => {
    const { memberId } = signedInMember(req);
    return { memberId, actor: memberActor(req, memberId) };
  };

  defineRoute(app, transactionEndpoints.getOrderTerms, ({ req }) => orders.terms(member(req).memberId));
  defineRoute(app, transactionEndpoints.getTransactionList, ({ body, req }) =>
    orders.list(member(req).memberId, body),
  );
  defineRoute(app, transactionEndpoints.getTransaction, ({ body, req }) =>
    orders.get(member(req).memberId, body.id),
  );
  defineRoute(app, transactionEndpoints.createTransaction, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return orders.create(actor, memberId, body, idempotencyKey(req));
  });
  defineRoute(app, transactionEndpoints.confrimTransaction, ({ body, req }) => {
    const { memberId, actor } = member(req);
    return orders.confirm(actor, memberId, body, idempotencyKey(req));
  });
  defineRoute(app, transactionEndpoints.getReceivePayment, ({ body, req }) =>
    orders.receivePayment(member(req).memberId, body.id),
  );

  defineRoute(app, adminEndpoints.orderQueue, ({ query }) => orders.queue(query));
  defineRoute(app, adminEndpoints.ordersReport, async ({ query, req }) => ({
    filename: `orders-${query.kind}-${query.from}-${query.to}.csv`,
    lines: orders.report(query, parseLang(req.headers['accept-language']), csvLine),
  }));
  defineRoute(app, adminEndpoints.staffOrder, ({ params }) => orders.staffOrder(params.id));
  defineRoute(app, adminEndpoints.completeOrder, ({ params, body, req }) => {
    const { staffId } = signedInStaff(req);
    return orders.complete(staffActor(req, staffId), staffId, params.id, body);
  });
  defineRoute(app, adminEndpoints.revealOrderAccount, ({ params, req }) =>
    orders.revealAccount(staffActor(req, signedInStaff(req).staffId), params.id),
  );
  defineRoute(app, adminEndpoints.payoutApproval, ({ params }) => orders.payoutApproval(params.id));
  defineRoute(app, adminEndpoints.payoutsAwaiting, () => orders.payoutsAwaiting());
  defineRoute(app, adminEndpoints.approvePayout, ({ params, req }) => {
    const { staffId } = signedInStaff(req);
    return orders.approvePayout(staffActor(req, staffId), staffId, params.id);
  });
  defineRoute(app, adminEndpoints.sendBackPayout, ({ params, body, req }) => {
    const { staffId } = signedInStaff(req);
    return orders.sendBackPayout(staffActor(req, staffId), staffId, params.id, body.note);
  });
  defineRoute(app, adminEndpoints.rejectOrder, ({ params, body, req }) => {
    const { staffId } = signedInStaff(req);
    return orders.reject(staffActor(req, staffId), staffId, params.id, body);
  });
}
