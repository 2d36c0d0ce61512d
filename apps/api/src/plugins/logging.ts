import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Log fields that must never be written: credentials, sessions, one-time codes. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-client-signature"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'confirmPassword',
    'otp',
    'token',
    'clientSignature',
    'resetTicket',
  ].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * The Fastify options that decide logging: JSON lines at LOG_LEVEL, to `stream` (stdout by
 * default), with credentials redacted. Fastify's own two lines per request are off: the request
 * log plugin writes one.
 */
export function loggingOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(stream ? { stream } : {}),
    },
    disableRequestLogging: true,
  };
}

/** Probes a load balancer or Prometheus calls every few seconds: their lines are debug, not info. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request when it has been answered: request id, method, URL, client address, status
 * and milliseconds taken; at info, and at debug for the health and metrics probes. The line is
 * written without the redaction pass: its fields are these, always, flat (so no serializer adds
 * any), and none is a credential; the wildcard redaction would cost about ten times the rest of
 * the line. Everything else logged, through `req.log` or `app.log`, is redacted as before.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    const lines = app.log.child({}, { redact: { paths: [] } });
    app.addHook('onResponse', (req, reply, done) => {
      const fields = {
        reqId: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      };
      if (PROBES.has(req.routeOptions.url ?? '')) lines.debug(fields, 'request completed');
      else lines.info(fields, 'request completed');
      done();
    });
  },
  { name: 'request-log' },
);
