import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client shared by every plugin that uses Redis; null without REDIS_URL. */
    redis: Redis | null;
  }
}

const REDIS_START_WAIT_MS = 2000;

/**
 * One Redis client for the process when REDIS_URL is set. Commands fail at once while Redis is
 * away (no offline queue), so a user of it falls back instead of waiting; the client reconnects on
 * its own. Start waits briefly for the first connection, then goes on without it.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    let reported = false;
    redis.on('error', (err) => {
      if (!reported) app.log.warn({ err }, 'Redis unavailable; its users fall back until it is back');
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
    await Promise.race([once(redis, 'ready'), sleep(REDIS_START_WAIT_MS)]).catch(() => {});
    app.decorate('redis', redis);
    app.addHook('onClose', () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
