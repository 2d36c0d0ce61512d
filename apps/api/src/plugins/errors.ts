import type { Duplex } from 'node:stream';
import { E, type ErrorDef, issueDef } from '@bahtdesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../http/app-error.ts';
import { replyError } from '../http/reply-error.ts';

/**
 * The one error path. Every failure (schema, malformed JSON, content type, body size, unknown
 * route or method, AppError, anything unexpected) becomes the envelope `{code, message, result}`
 * with a meaningful HTTP status. Nothing of the original error (stack, SQL, library text) is
 * ever sent; it is logged once, with the request id, here.
 */

/**
 * How long a client should wait before trying again when the database is unavailable: long
 * enough not to hammer a recovering server, short enough that a member retries soon.
 */
export const RETRY_AFTER_SECONDS = 5;

/** 505 / HTTP 503 with Retry-After: the database is unreachable or did not answer in time. */
export function replyDatabaseUnavailable(
  req: FastifyRequest,
  reply: FastifyReply,
  period?: unknown,
): FastifyReply {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return replyError(req, reply, E.DATABASE_PROBLEM, period);
}

interface Classified {
  def: ErrorDef;
  period?: unknown;
}

/**
 * SQLSTATE class 22 (data exception: a NUL byte in text, a number out of range, a string too long)
 * means the input could not be stored as given: the caller's fault, never a 5xx. Schemas should
 * catch these first; this is the backstop.
 */
function isDataException(err: FastifyError): boolean {
  return typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code);
}

/** Field paths of a schema failure, dot-joined (`bank.accountNo`); '' is the whole body or query. */
function failingFields(err: FastifyError): string[] {
  const paths = (err.validation ?? []).map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.'));
  return [...new Set(paths)];
}

function classifyError(err: FastifyError): Classified {
  if (err instanceof AppError) {
    return err.details === undefined ? { def: err.def } : { def: err.def, period: err.details };
  }
  if (hasZodFastifySchemaValidationErrors(err) || Array.isArray(err.validation)) {
    // The contract's schemas carry a catalogue code as each issue's message; the first one
    // decides the answer (a zod built-in message falls back to 400 'Please enter correct information.').
    const first = err.validation?.[0];
    const coded = first ? issueDef(first.message ?? '') : E.INVALID_INPUT;
    const def = coded.status >= 400 && coded.status < 500 ? coded : E.INVALID_INPUT;
    return { def, period: { fields: failingFields(err) } };
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  switch (status) {
    case 404:
      return { def: E.NOT_FOUND };
    case 405:
      return { def: E.METHOD_NOT_ALLOWED };
    case 413:
      return { def: E.PAYLOAD_TOO_LARGE };
    case 415:
      return { def: E.UNSUPPORTED_MEDIA_TYPE };
    case 429:
      return { def: E.TOO_MANY_REQUESTS };
  }
  if (status >= 400 && status < 500) return { def: E.INVALID_INPUT };
  if (isDataException(err)) return { def: E.INVALID_INPUT };
  if (isDatabaseUnavailable(err)) return { def: E.DATABASE_PROBLEM };
  return { def: E.SOMETHING_WRONG };
}

function handleError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const { def, period } = classifyError(err);
  // 997 is the site in maintenance, as staff chose: a refusal, not a failure of the server.
  if (def.status >= 500 && def !== E.UNAVAILABLE) {
    req.log.error({ err, code: def.code }, 'request failed');
  } else {
    req.log.info(
      { code: def.code, status: def.status, reason: err.code ?? err.name, ...(period ? { period } : {}) },
      'request rejected',
    );
  }
  if (def === E.DATABASE_PROBLEM) return replyDatabaseUnavailable(req, reply, period);
  if (err instanceof AppError && err.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(err.retryAfterSeconds));
  }
  return replyError(req, reply, def, period);
}

/**
 * Errors Fastify raises before routing (a malformed URL encoding, an over-long parameter). Pass
 * this as the `frameworkErrors` option of the Fastify constructor.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return handleError(err, req, reply);
}

/**
 * Which methods each registered path answers, so an existing path with the wrong method gets
 * 405 and an `Allow` header instead of 404. Wildcard routes (the static file server) are left
 * out: they answer GET anywhere and would make every unknown path a 405.
 */
class RouteTable {
  private readonly exact = new Map<string, Set<string>>();
  private readonly patterns: { re: RegExp; methods: Set<string> }[] = [];

  add(url: string, methods: string[]): void {
    if (url.includes('*')) return;
    if (url.includes(':')) {
      const source = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+');
      this.patterns.push({ re: new RegExp(`^${source}$`), methods: new Set(methods) });
      return;
    }
    const set = this.exact.get(url) ?? new Set<string>();
    for (const m of methods) set.add(m);
    this.exact.set(url, set);
  }

  methodsFor(path: string): Set<string> | undefined {
    const exact = this.exact.get(path);
    if (exact) return exact;
    return this.patterns.find((p) => p.re.test(path))?.methods;
  }
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = new RouteTable();
    app.addHook('onRoute', (route) => {
      routes.add(route.url, Array.isArray(route.method) ? route.method : [route.method]);
    });

    app.setErrorHandler(handleError);

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const methods = routes.methodsFor(path);
      if (methods && !methods.has(req.method)) {
        reply.header('allow', [...methods].join(', '));
        req.log.info({ code: E.METHOD_NOT_ALLOWED.code, status: 405 }, 'request rejected');
        return replyError(req, reply, E.METHOD_NOT_ALLOWED);
      }
      req.log.info({ code: E.NOT_FOUND.code, status: 404 }, 'request rejected');
      return replyError(req, reply, E.NOT_FOUND);
    });
  },
  { name: 'errors' },
);

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (malformed request line, headers
 * too large, too slow) get the envelope too, with the given headers. Pass the result as the
 * `clientErrorHandler` option of the Fastify constructor.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  const extra = Object.entries({ ...headers, 'cache-control': 'no-store' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, def] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', E.INVALID_INPUT]
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', E.PAYLOAD_TOO_LARGE]
          : [400, 'Bad Request', E.INVALID_INPUT];
    const body = JSON.stringify({ code: def.code, message: def.en, result: null });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
