import { randomUUID } from 'node:crypto';
import { parseLang, SMALL_BODY_LIMIT } from '@bahtdesk/contract';
import Fastify, { type FastifyInstance, type onSendHookHandler, type preHandlerHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createOutageWatch, deskRecipients, type OutageTiming } from './alerts/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { lineDelivery } from './delivery/index.ts';
import { KEPT_MEMBER_READS } from './http/kept-member-reads.ts';
import { asList } from './http/route-hooks.ts';
import { uploadsAtOnce } from './modules/images/index.ts';
import { modules } from './modules/index.ts';
import { scheduleSweeps } from './modules/orders/index.ts';
import { createNotificationWorker, type NotificationWorker } from './notifications/index.ts';
import { accessPlugin } from './plugins/access.ts';
import { connectionsPlugin, serverTimeouts } from './plugins/connections.ts';
import { corsPlugin } from './plugins/cors.ts';
import { deliveryPlugin } from './plugins/delivery.ts';
import { docsPlugin } from './plugins/docs.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { type EventsOptions, eventsPlugin } from './plugins/events.ts';
import { healthPlugin } from './plugins/health.ts';
import { limitsPlugin } from './plugins/limits.ts';
import { loggingOptions } from './plugins/logging.ts';
import { maintenancePlugin, siteInMaintenance } from './plugins/maintenance.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticPlugin } from './plugins/static.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Every module's service (services.ts). */
    services: Services;
    /** Delivers the outbox (notifications/worker.ts). */
    notifications: NotificationWorker;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the JSON log lines go (stdout by default); tests read them from here. */
  logStream?: { write(line: string): void };
  /**
   * How often a listening app sweeps orders: expires pending ones past their deadline and alerts
   * the desk of ones waiting too long (SWEEP_EVERY_MS by default).
   */
  sweepEveryMs?: number;
  /** The outage watch's checks and waits (OUTAGE_TIMING by default); tests shorten them. */
  outageTiming?: Partial<OutageTiming>;
  /** A stand-in around the event bus (plugins/events.ts); tests make its publish fail. */
  eventBus?: EventsOptions['standIn'];
}

/**
 * Builds the whole app (never listens): zod validation and serialization, the error path,
 * security headers, health and metrics, API docs, every module's routes and the built front ends.
 * Tests call it and use `app.inject()`; server.ts calls it and listens.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const headers = securityHeaders(config.apiUrl);
  const app = Fastify({
    ...loggingOptions(config, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A number of hops becomes a function: Fastify supports both at run time, its types only the latter.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Every contract route declares its own (a small one unless it carries images).
    bodyLimit: SMALL_BODY_LIMIT,
    // Requests that arrive on open connections while shutting down are still served normally
    // (the database closes only after the app has), instead of Fastify's own 503 body.
    return503OnClosing: false,
    // Errors Fastify raises before routing skip the hooks, so they get the headers here.
    frameworkErrors: (err, req, reply) => {
      reply.headers(headers).header('cache-control', 'no-store').header('x-request-id', req.id);
      return frameworkErrors(err, req, reply);
    },
    // ...and so do requests Node's HTTP parser rejects before Fastify sees them.
    clientErrorHandler: clientErrorHandler(headers),
    // No connection is held forever: request, headers and keep-alive timeouts (plugins/connections.ts).
    ...serverTimeouts(config.http),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('uploadsAtOnce', uploadsAtOnce());
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(connectionsPlugin);
  await app.register(securityHeadersPlugin, { apiUrl: config.apiUrl });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(healthPlugin, { database });
  await app.register(redisPlugin);
  await app.register(eventsPlugin, { standIn: deps.eventBus });
  await app.register(deliveryPlugin);

  // Abuse limits first, so a banned IP is refused before access control looks at it.
  await app.register(limitsPlugin);
  const services = await createServices({
    config,
    database,
    events: app.events,
    passwordAttempts: app.limits,
    lookupLimiter: app.limits,
    bans: app.limits,
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    services.publicReads.close();
    services.sessions.close();
    services.keptMemberReads.close();
  });
  // The order sweeper belongs to a listening app, from its listen until it starts closing: so the
  // server runs it, tests that listen can see it run, and tests that only inject never race it.
  let stopSweeps = () => {};
  app.addHook('onListen', async () => {
    stopSweeps = scheduleSweeps(services.orders, app.log, deps.sweepEveryMs);
  });
  app.addHook('preClose', async () => stopSweeps());
  // The notification worker likewise (decision 0077): a listening app delivers the outbox; tests
  // that only inject call app.notifications.drain() when they want messages delivered.
  const line = services.line.delivery;
  const notifications = createNotificationWorker(
    database.db,
    line ? { ...app.delivery.adapters, line } : app.delivery.adapters,
    { ...config.notifications, seal: services.messageSeal },
    app.log,
  );
  app.decorate('notifications', notifications);
  app.addHook('onListen', async () => notifications.start());
  app.addHook('preClose', async () => notifications.stop());
  // A listening app on PostgreSQL tells the desk when it loses its database or event bus
  // (decision 0082), straight through the adapters that need no database. PGlite runs in the
  // process: there is nothing to lose.
  const recipients = deskRecipients(config.deskAlerts);
  if (database.kind === 'postgres' && recipients.length > 0) {
    const outages = createOutageWatch({
      ping: () => database.ping(),
      busConnected: () => app.events.connected,
      recipients,
      adapters: {
        ...(config.smtpUrl ? { email: app.delivery.adapters.email } : {}),
        ...(config.line ? { line: lineDelivery(config.line) } : {}),
      },
      log: app.log,
      ...(deps.outageTiming ? { timing: deps.outageTiming } : {}),
    });
    app.addHook('onListen', async () => outages.start());
    app.addHook('preClose', async () => outages.stop());
  }
  // Before access control, so a page left open during maintenance gets 997 whatever its session.
  await app.register(maintenancePlugin, { inMaintenance: siteInMaintenance(services.publicReads) });
  await app.register(accessPlugin, {
    authenticators: {
      member: (token) => services.sessions.authenticateMember(token),
      staff: (token) => services.sessions.authenticateStaff(token),
      signature: (signature) => services.auth.isValidSignature(signature),
    },
  });
  // A member's call other than the reads kept in memory may have changed what those show: its
  // member's kept answers in this process are dropped before it answers, so the member's next read
  // sees it without waiting for the database's notice to come round (decision 0085).
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'member' || KEPT_MEMBER_READS.has(route.url)) return;
    const drop: onSendHookHandler = (req, _reply, payload, done) => {
      if (req.member) services.keptMemberReads.dropMember(req.member.memberId);
      done(null, payload);
    };
    route.onSend = [...asList(route.onSend), drop];
  });
  // The language a member uses the app in (its Accept-Language) is the language of their messages
  // (decision 0078). Only a header that names English or Thai first counts: a script's `*` (Node's
  // fetch sends it) or another language says nothing about the app's language.
  // A hook of the member routes only: public reads and staff calls run none.
  const rememberLang: preHandlerHookHandler = (req, _reply, done) => {
    const header = req.headers['accept-language'];
    if (!req.member || !header || !/^\s*(en|th)\b/i.test(header)) return done();
    services.notices.rememberLang(req.member.memberId, parseLang(header)).then(() => done(), done);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'member') route.preHandler = [...asList(route.preHandler), rememberLang];
  });
  await app.register(docsPlugin);

  for (const mod of modules) await app.register(mod);

  await app.register(staticPlugin, {
    webDistDir: config.webDistDir,
    adminDistDir: config.adminDistDir,
    apiUrl: config.apiUrl,
  });

  return app;
}
