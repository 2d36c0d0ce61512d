import { messageFor, parseLang } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/connection.ts';
import { imageQueueState } from '../modules/images/index.ts';
import { replyDatabaseUnavailable } from './errors.ts';
import { RequestDurations } from './request-durations.ts';

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
 * /healthz: the process answers (no database). /readyz: the event bus hears every change (decision
 * 0054) and the database answers within a short time, else 503 with code 505 and Retry-After, as
 * every request that needs the database answers then. /metrics: Prometheus text; request durations by route pattern (never the raw URL, so
 * unknown paths cannot blow up the series count) and status code, the process metrics, and the
 * desk's own (deskMetrics; docs/operations.md says what each means and what to alert on). Each app
 * has its own registry, so several apps can live in one process.
 */
export const healthPlugin = fp<HealthOptions>(
  async (app: FastifyInstance, opts) => {
    const readyTimeoutMs = opts.readyTimeoutMs ?? 1000;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const durations = new RequestDurations(registry);
    app.addHook('onResponse', (req, reply, done) => {
      durations.observe(
        req.method,
        req.routeOptions.url ?? 'unmatched',
        reply.statusCode,
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
      // A process whose listener went quiet would miss changes made elsewhere: not ready until it
      // hears again (the bus logs when it goes quiet and when it is back).
      if (!app.events.connected) return replyDatabaseUnavailable(req, reply, { status: 'not ready' });
      try {
        await withTimeout(opts.database.ping(), readyTimeoutMs);
        return ok(req.headers['accept-language'], 'ready');
      } catch (err) {
        req.log.warn({ err }, 'database not ready');
        return replyDatabaseUnavailable(req, reply, { status: 'not ready' });
      }
    });

    const readDesk = deskMetrics(app, registry);

    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      await readDesk().catch((err) => req.log.warn({ err }, 'desk metrics not read'));
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'health' },
);

/**
 * The desk's gauges, read when /metrics is scraped and never in between: the returned function runs
 * the three counting queries (orders, identity reviews, outbox) through the modules' services; the
 * rest is read from memory by each gauge's collect(). When the database does not answer, its gauges
 * are emptied rather than left at their last values, and the scrape still answers.
 * The services are decorated after this plugin registers, so they are looked up at scrape time.
 */
function deskMetrics(app: FastifyInstance, registry: Registry): () => Promise<void> {
  const registers = [registry];
  const orders = new Gauge({
    name: 'bahtdesk_orders',
    help: 'Orders in the database, by status',
    labelNames: ['status'] as const,
    registers,
  });
  const waiting = new Gauge({
    name: 'bahtdesk_orders_waiting_for_staff',
    help: 'Orders the member confirmed (status request) that wait for staff to complete or reject',
    registers,
  });
  const oldestWait = new Gauge({
    name: 'bahtdesk_orders_oldest_wait_seconds',
    help: 'Seconds since the oldest order waiting for staff began to wait (confirmed; a cash appointment: its time); 0 when none waits',
    registers,
  });
  const reviews = new Gauge({
    name: 'bahtdesk_identity_reviews_waiting',
    help: 'Identity (KYC) submissions waiting for a staff decision',
    registers,
  });
  const backlog = new Gauge({
    name: 'bahtdesk_outbox_backlog',
    help: 'Messages kept in the outbox and not marked sent, by channel (a channel with no SMTP or SMS gateway configured)',
    labelNames: ['channel'] as const,
    registers,
  });
  new Counter({
    name: 'bahtdesk_delivery_failures_total',
    help: 'Messages this process failed to hand to SMTP, the SMS gateway or the outbox, by channel',
    labelNames: ['channel'] as const,
    registers,
    collect() {
      this.reset();
      for (const [channel, n] of Object.entries(app.delivery.failures())) this.inc({ channel }, n);
    },
  });
  new Gauge({
    name: 'bahtdesk_event_bus_connected',
    help: '1 while this process hears every event published on the bus, 0 while its listener is down',
    registers,
    collect() {
      this.set(app.events.connected ? 1 : 0);
    },
  });
  new Counter({
    name: 'bahtdesk_event_bus_publish_failures_total',
    help: 'Events this process could not publish after their change committed (the change stands; every process is told to read afresh)',
    registers,
    collect() {
      this.reset();
      this.inc(app.events.publishFailures?.() ?? 0);
    },
  });
  // The in-process bus (PGlite) has no listener and no heartbeat: absent there. The bus is
  // decorated after this plugin registers, so it is looked at once the app is ready.
  app.addHook('onReady', async () => {
    const { heartbeatAgeSeconds } = app.events;
    if (!heartbeatAgeSeconds) return;
    new Gauge({
      name: 'bahtdesk_event_bus_heartbeat_age_seconds',
      help: 'Seconds since this process last heard its own heartbeat come back through the event bus (one a second)',
      registers,
      collect() {
        this.set(heartbeatAgeSeconds());
      },
    });
  });
  // PGlite has no pool (one in-process connection): these two are absent there.
  const { pool } = app.database;
  if (pool) {
    new Gauge({
      name: 'bahtdesk_db_pool_in_use',
      help: 'PostgreSQL pool connections checked out by this process',
      registers,
      collect() {
        this.set(pool().inUse);
      },
    });
    new Gauge({
      name: 'bahtdesk_db_pool_waiting',
      help: 'Queries of this process waiting for a free PostgreSQL pool connection',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  new Gauge({
    name: 'bahtdesk_image_jobs_waiting',
    help: 'Image jobs (decodes, re-encodes, slip QR reads) waiting for their turn in this process',
    registers,
    collect() {
      this.set(imageQueueState().waiting);
    },
  });

  const fromDatabase = [orders, waiting, oldestWait, reviews, backlog];
  return async () => {
    const { services } = app;
    try {
      const [orderCounts, reviewsWaiting, outbox] = await Promise.all([
        services.orders.counts(),
        services.kyc.waitingCount(),
        services.outbox.backlog(),
      ]);
      for (const [status, n] of Object.entries(orderCounts.byStatus)) orders.set({ status }, n);
      waiting.set(orderCounts.waitingForStaff);
      oldestWait.set(orderCounts.oldestWaitSeconds);
      reviews.set(reviewsWaiting);
      for (const [channel, n] of Object.entries(outbox)) backlog.set({ channel }, n);
    } catch (err) {
      for (const gauge of fromDatabase) gauge.reset();
      throw err;
    }
  };
}
