import type { FastifyServerOptions } from 'fastify';
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
 * default), with credentials redacted.
 */
export function loggingOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(stream ? { stream } : {}),
    },
  };
}
