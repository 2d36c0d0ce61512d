import { CLIENT_SIGNATURE_HEADER, IDEMPOTENCY_KEY_HEADER } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CorsOptions {
  /** CORS_ORIGINS: front ends on other origins allowed to call the API. Empty: same origin only. */
  origins: string[];
}

const PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': `content-type, authorization, accept-language, ${CLIENT_SIGNATURE_HEADER}, ${IDEMPOTENCY_KEY_HEADER}`,
  'access-control-max-age': '600',
};

/**
 * Lets a front end served from another origin (API_URL pointing here) call `/api/...`: listed
 * origins only, never `*`, no cookies (the session is a bearer token). A preflight is answered
 * here, before limits, auth or routing. With no CORS_ORIGINS nothing is added: same origin only.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app: FastifyInstance, opts) => {
    if (opts.origins.length === 0) return;
    const allowed = new Set(opts.origins);
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/api/')) return done();
      reply.header('vary', 'origin');
      const origin = req.headers.origin;
      if (!origin || !allowed.has(origin)) return done();
      reply.header('access-control-allow-origin', origin);
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        reply.code(204).headers(PREFLIGHT).send();
        return;
      }
      done();
    });
  },
  { name: 'cors' },
);
