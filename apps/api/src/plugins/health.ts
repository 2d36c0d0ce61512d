import { messageFor, parseLang } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/connection.ts';
import { replyDatabaseUnavailable } from './errors.ts';

export interface HealthOptions {
  database: Database;
  /** How long /readyz waits for the database before answering 503. */
  readyTimeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers (no database). /readyz: the database answers within a short
 * time, else 503 with code 505 and Retry-After, as every request that needs the database answers
 * then. /metrics: Prometheus text; request durations by route pattern (never the raw URL, so
 * unknown paths cannot blow up the series count) and status code, plus the process metrics. Each app has its own registry, so several apps can live in one process.
 */
export const healthPlugin = fp<HealthOptions>(
  async (app: FastifyInstance, opts) => {
    const readyTimeoutMs = opts.readyTimeoutMs ?? 1000;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds (its _count is the number of requests), by route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: req.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const ok = (acceptLanguage: string | undefined, status: string) => ({
      code: 0,
      message: messageFor(0, parseLang(acceptLanguage)),
      result: { period: { status } },
    });

    app.get('/healthz', { schema: { hide: true } }, async (req) => ok(req.headers['accept-language'], 'ok'));

    app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
      try {
        await withTimeout(opts.database.ping(), readyTimeoutMs);
        return ok(req.headers['accept-language'], 'ready');
      } catch (err) {
        req.log.warn({ err }, 'database not ready');
        return replyDatabaseUnavailable(req, reply, { status: 'not ready' });
      }
    });

    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'health' },
);
