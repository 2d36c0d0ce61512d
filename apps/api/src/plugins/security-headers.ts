import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** API_URL; its origin is added to connect-src when the API lives on another origin. */
  apiUrl: string;
}

/** The Content-Security-Policy for everything we serve: our own files only, no inline code. */
export function contentSecurityPolicy(apiUrl: string): string {
  const connect = ["'self'"];
  if (apiUrl) connect.push(new URL(apiUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers every response carries, computed once. */
export function securityHeaders(apiUrl: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(apiUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * A precomputed header object set as a request arrives: much cheaper than a general-purpose plugin
 * that rebuilds its policy per request, and already on the reply when a route takes the connection
 * over (event streams write their headers themselves, and no onSend hook runs for them). HSTS only
 * when the request came over TLS (directly or, with TRUST_PROXY, through a proxy that says so).
 * API JSON is never cached.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, opts) => {
    const headers = securityHeaders(opts.apiUrl);
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(headers);
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('application/json')) {
          reply.header('cache-control', 'no-store');
        }
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
