import type { Access, Endpoint } from '@bahtdesk/contract';
import { envelope, isStaffAccess, messageFor, parseLang } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from the contract); the auth hooks enforce it. */
    access?: Access;
  }
}

export interface RouteContext<E extends Endpoint> {
  body: NonNullable<E['body']> extends z.ZodType ? z.output<NonNullable<E['body']>> : undefined;
  query: NonNullable<E['query']> extends z.ZodType ? z.output<NonNullable<E['query']>> : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** `/api/external/home/getRate` -> tag `home`, operationId `home.getRate`. */
function docNames(path: string): { tag: string; operationId: string } {
  const parts = path.split('/').filter(Boolean);
  const name = parts.at(-1) ?? 'root';
  const tag = parts.length >= 2 ? (parts.at(-2) ?? 'api') : 'api';
  return { tag, operationId: `${tag}.${name}` };
}

/**
 * Registers one contract endpoint: method and path from the contract, input validated by its zod
 * schemas before the handler runs, and the handler's return value wrapped in the success envelope.
 * Failures are thrown as AppError and answered by the error handler. The route's `config.access`
 * carries the contract's access level for the auth hooks; summary, tag and access also feed the
 * OpenAPI document.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (ctx: RouteContext<E>) => Promise<E['result'] extends z.ZodType ? z.input<E['result']> : never>,
): void {
  const { tag, operationId } = docNames(e.path);
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      summary: e.summary,
      tags: [tag],
      operationId,
      'x-access': e.access,
      ...(e.access === 'member' || isStaffAccess(e.access) ? { security: [{ bearer: [] }] } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      response: { 200: envelope(e.result) },
    },
    config: { access: e.access },
    handler: async (req, reply) => {
      const period = await handler({
        body: req.body as RouteContext<E>['body'],
        query: req.query as RouteContext<E>['query'],
        req,
        reply,
      });
      return {
        code: 0,
        message: messageFor(0, parseLang(req.headers['accept-language'])),
        result: { period },
      };
    },
  });
}
