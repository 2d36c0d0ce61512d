import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseIfBanned } from '../http/ip-banned.ts';
import { databaseBans } from './limits/bans.ts';
import { type CounterStore, databaseCounters, memoryCounters, redisCounters } from './limits/counters.ts';
import { Limiter, type Verdict } from './limits/limiter.ts';
import { scaleLimits } from './limits/rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limiter;
  }
}

/**
 * Per-IP abuse limits on every request, in the first onRequest hook: a banned IP, or one that just
 * went over a limit, gets 4290060 before its body is read, before any session lookup or password
 * hashing. Counters live in Redis when REDIS_URL is set (shared by every process; in the database
 * while Redis is away), else in this
 * process; bans always live in the database. The IP is Fastify's `req.ip`, which follows
 * X-Forwarded-For only as far as TRUST_PROXY allows.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (config.trustProxy === true) {
      app.log.warn(
        'TRUST_PROXY=true believes every X-Forwarded-For hop, so a client that writes the header picks its own IP and escapes the limits; set the number of proxy hops or the proxy addresses instead',
      );
    }
    // Counted in Redis while it answers (shared by every process), else in this process.
    const counters: CounterStore = app.redis
      ? redisCounters(app.redis, databaseCounters(app.database.db), (err) =>
          app.log.warn({ err }, 'Redis command failed; limits count in the database until it is back'),
        )
      : memoryCounters();
    const limiter = new Limiter(
      counters,
      databaseBans(app.database.db),
      scaleLimits(config.accounts.rateLimitFactor),
    );
    app.decorate('limits', limiter);
    app.addHook('onClose', () => counters.close());

    const decide = (verdict: Verdict, done: (err?: Error) => void) => {
      try {
        refuseIfBanned(verdict);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    // A callback hook: most requests are decided at once, without a promise (Limiter.admit).
    app.addHook('onRequest', (req, _reply, done) => {
      // Only the API counts: static assets, /config.json and the health and metrics probes are
      // cheap, and counting them would ban a load balancer or a member loading the app. The
      // matched route decides as well as the raw URL: the router decodes percent-escapes, so
      // `/%61pi/...` reaches an /api/ route without its raw URL starting with /api/.
      if (!req.url.startsWith('/api/') && !req.routeOptions.url?.startsWith('/api/')) return done();
      const verdict = limiter.admit(req.ip, req.routeOptions.url);
      if (verdict instanceof Promise) verdict.then((v) => decide(v, done), done);
      else decide(verdict, done);
    });
  },
  { name: 'limits', dependencies: ['errors', 'redis'] },
);
