import { Readable } from 'node:stream';
import {
  type Access,
  E,
  type Endpoint,
  envelope,
  isStaffAccess,
  type Lang,
  type LiveEvent,
  messageFor,
  parseLang,
  type ResponseKind,
  SMALL_BODY_LIMIT,
} from '@bahtdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadsAtOnce } from '../modules/images/index.ts';
import type { MemberSession, RequestMeta, StaffSession } from '../modules/sessions/index.ts';
import { AppError } from './app-error.ts';
import { OPERATION_IDS } from './operation-ids.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads each member and client address has in progress (calls that carry images). */
    uploadsAtOnce: UploadsAtOnce;
  }
  interface FastifyContextConfig {
    /** Who may call the route (from the contract); the access plugin enforces it. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in member on routes whose access is 'member'; null elsewhere. */
    member: MemberSession | null;
    /** The signed-in staff member on staff routes; null elsewhere. */
    staff: StaffSession | null;
  }
}

/** The signed-in member of a 'member' route (the access hook has already checked the session). */
export function signedInMember(req: FastifyRequest): MemberSession {
  if (!req.member) throw new AppError(E.NOT_ALLOWED);
  return req.member;
}

/** The signed-in staff member of a staff route (the access hook has already checked it). */
export function signedInStaff(req: FastifyRequest): StaffSession {
  if (!req.staff) throw new AppError(E.NOT_ALLOWED);
  return req.staff;
}

/** What a service records about the caller: IP and user agent. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

/** A file answer: the bytes, their type (from the bytes, never from a name), and a download name. */
export interface FileAnswer {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'image/png';
  filename: string;
}

/** A CSV answer: lines already CSV-encoded (csvLine), streamed as they come. */
export interface CsvAnswer {
  filename: string;
  lines: AsyncIterable<string> | Iterable<string>;
}

/**
 * A json answer whose serialised envelope may be kept and sent again: a value from a memory cache
 * (modules/home/public-reads.ts) with the map the cache holds beside it. The first request for a
 * language (and `variant`, for answers that also depend on the request) serialises the envelope
 * through the route's response schema, as any answer; later ones send that string. `bodies` must
 * live exactly as long as `value` does and `value` must not change; undefined keeps nothing.
 */
export class Kept<T> {
  constructor(
    readonly value: T,
    readonly bodies: Map<string, string> | undefined,
    readonly variant = '',
  ) {}
}

/** The open stream of an 'events' route. */
export interface EventStream {
  send(event: LiveEvent): void;
  /** Called once when the client goes away, the server closes or `close` is called. */
  onClose(fn: () => void): void;
  /** Ends the stream (its session ended). */
  close(): void;
}

type KindOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer K> ? K : 'json';

type Answer<E extends Endpoint> =
  KindOf<E> extends 'file'
    ? FileAnswer
    : KindOf<E> extends 'csv'
      ? CsvAnswer
      : KindOf<E> extends 'events'
        ? // biome-ignore lint/suspicious/noConfusingVoidType: an events handler only subscribes; it returns nothing.
          void
        : E['result'] extends z.ZodType
          ? z.input<E['result']> | Kept<z.input<E['result']>>
          : never;

type Parsed<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Only on 'events' routes. */
  stream: EventStream;
}

/**
 * `/api/external/home/getRate` -> tag `home`; the operationId is the contract's name for the call
 * (operation-ids.ts), or `<tag>.<last segment>` for a route outside the contract (a test's own).
 */
function docNames(e: Endpoint): { tag: string; operationId: string } {
  const parts = e.path.split('/').filter((p) => p && !p.startsWith(':'));
  const name = parts.at(-1) ?? 'root';
  const tag = parts.length >= 2 ? (parts.at(-2) ?? 'api') : 'api';
  return { tag, operationId: OPERATION_IDS.get(e) ?? `${tag}.${name}` };
}

const SSE_HEARTBEAT_MS = 25_000;

const MEDIA_TYPES = {
  file: 'image/jpeg or image/png',
  csv: 'text/csv',
  events: 'text/event-stream',
} as const;

/**
 * The start of a cell a spreadsheet may run as a formula: = + - @ or their full-width forms
 * (＝＋－＠, which some spreadsheets read as the ASCII ones), also behind leading spaces or
 * invisible format characters (zero-width space, joiners, direction marks, BOM: Unicode Cf), and a
 * leading tab or carriage return.
 */
const FORMULA_START = /^(?:[\p{Cf}\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/u;

/** A plain signed decimal ('-5.50'): a spreadsheet reads it as a number, nothing it runs. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One CSV line (RFC 4180): every value quoted, quotes doubled, a formula prefix defused, except on
 * a plain signed decimal, which stays a number a spreadsheet can add. Every CSV export writes its
 * lines here (the 'csv' routes: orders, audit log, AMLO queue, daily closes).
 */
export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values
    .map((v) => {
      let s = v === null ? '' : String(v);
      // A cell a spreadsheet would run as a formula is shown as text.
      if (typeof v === 'string' && FORMULA_START.test(s) && !PLAIN_DECIMAL.test(s)) s = `'${s}`;
      return `"${s.replaceAll('"', '""')}"`;
    })
    .join(',')}\r\n`;
}

/**
 * Registers one contract endpoint: method, path and path params from the contract, input validated
 * by its zod schemas before the handler runs, the body limit it declares (a small one otherwise),
 * and the answer its kind says:
 * - json: the handler's value is `result.period` of the success envelope (a `Kept` value's
 *   serialised envelope is reused);
 * - file: bytes with their type, inline, never cached or sniffed;
 * - csv: UTF-8 with a BOM (so spreadsheets read Thai), streamed line by line;
 * - events: server-sent events until the client goes away.
 * A call whose body carries an image (one of the contract's `imageFields`) runs while it counts
 * against the member's and the address's uploads in progress (50049 beyond;
 * modules/images/uploads-at-once.ts).
 * Failures are thrown as AppError and answered by the error handler. `config.access` carries the
 * contract's access for the access plugin; summary, tag and access also feed the OpenAPI document.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (ctx: RouteContext<E>) => Promise<Answer<E>>,
): void {
  const { tag, operationId } = docNames(e);
  const kind: ResponseKind = e.response ?? 'json';
  // Open event streams end before the server closes, so shutdown never waits on them.
  const streams = new Set<() => void>();
  if (kind === 'events') {
    app.addHook('preClose', async () => {
      for (const close of streams) close();
    });
  }
  app.route({
    method: e.method,
    url: e.path,
    bodyLimit: e.bodyLimit ?? SMALL_BODY_LIMIT,
    schema: {
      summary: e.summary,
      tags: [tag],
      operationId,
      'x-access': isStaffAccess(e.access) ? `staff: ${e.access.staff.join(', ')}` : e.access,
      ...(e.access === 'member' || isStaffAccess(e.access) ? { security: [{ bearer: [] }] } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.params ? { params: e.params } : {}),
      // A file, CSV or event stream is not an envelope: the document names its media type instead.
      ...(kind === 'json' ? { response: { 200: envelope(e.result) } } : { 'x-response': MEDIA_TYPES[kind] }),
    },
    config: { access: e.access },
    handler: async (req, reply) => {
      const ctx = {
        body: req.body,
        query: req.query,
        params: req.params,
        req,
        reply,
      } as RouteContext<E>;
      if (kind === 'events') return openEventStream(ctx, handler, streams);
      const answer = carriesImage(e, req.body)
        ? await app.uploadsAtOnce.hold(signedInMember(req).memberId, req.ip, () => handler(ctx))
        : await handler(ctx);
      if (kind === 'file') {
        const file = answer as FileAnswer;
        return reply
          .type(file.mime)
          .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.bytes));
      }
      if (kind === 'csv') {
        const csv = answer as CsvAnswer;
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.filename.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'private, no-store');
        // Fastify sends a Node stream as it is read; an async generator alone is refused.
        return reply.send(Readable.from(csvStream(csv.lines)));
      }
      const lang = parseLang(req.headers['accept-language']);
      if (answer instanceof Kept) return sendKept(reply, lang, answer);
      return { code: 0, message: messageFor(0, lang), result: { period: answer } };
    },
  });
}

/** Whether a parsed body holds one of the images its endpoint may carry. */
function carriesImage(e: Endpoint, body: unknown): boolean {
  const fields = body as Record<string, unknown> | undefined;
  return e.imageFields?.some((field) => Boolean(fields?.[field])) ?? false;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a kept answer's envelope: serialised (and so validated) once per language and variant. */
function sendKept(reply: FastifyReply, lang: Lang, answer: Kept<unknown>): FastifyReply {
  const key = `${lang}:${answer.variant}`;
  const kept = answer.bodies?.get(key);
  if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
  const body = reply.serialize({ code: 0, message: messageFor(0, lang), result: { period: answer.value } });
  if (typeof body === 'string') answer.bodies?.set(key, body);
  return reply.type(JSON_TYPE).send(body);
}

async function* csvStream(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  yield '\uFEFF';
  for await (const line of lines) yield line;
}

/** Takes the connection over for server-sent events; the handler subscribes through `stream`. */
async function openEventStream<E extends Endpoint>(
  ctx: RouteContext<E>,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
  streams: Set<() => void>,
): Promise<void> {
  const { req, reply } = ctx;
  const closers: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    streams.delete(close);
    clearInterval(heartbeat);
    for (const fn of closers) fn();
    reply.raw.end();
  };
  ctx.stream = {
    send(event) {
      if (!closed) reply.raw.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
    close,
  };
  // Headers set by hooks so far (security headers, request id) go out with the stream's own.
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.write(': open\n\n');
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), SSE_HEARTBEAT_MS);
  heartbeat.unref();
  streams.add(close);
  req.raw.on('close', close);
  await handler(ctx);
}
