import { type ErrorDef, parseLang } from '@bahtdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a catalogue entry as the envelope `{code, message, result}` with the entry's HTTP status
 * and the message in the request's language. `period` becomes `result.period`; without it,
 * `result` is null.
 */
export function replyError(req: FastifyRequest, reply: FastifyReply, def: ErrorDef, period?: unknown) {
  const lang = parseLang(req.headers['accept-language']);
  return reply
    .code(def.status)
    .type('application/json; charset=utf-8')
    .send({ code: def.code, message: def[lang], result: period === undefined ? null : { period } });
}
