import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Request counters over a sliding window (decision 0018). Each key keeps the hits of the current
 * fixed window and of the one before; the count is the current window's hits plus the previous
 * window's weighted by how much of it still lies within the last `windowMs`. So a burst across a
 * window boundary counts in full, unlike plain fixed windows, at the memory cost of two numbers.
 */
export interface CounterStore {
  /**
   * Adds `by` hits (1, or -1 to give one back) and returns the sliding count with them, as one
   * atomic step: of concurrent callers, each sees a different count.
   */
  add(key: string, windowMs: number, now: number, by?: number): Promise<number>;
  /** The same, answered at once: only a store in this process's memory has it. */
  addNow?(key: string, windowMs: number, now: number, by?: number): number;
  close(): Promise<void>;
}

/** The sliding count from the two windows' hits at `now`. */
export function slidingCount(current: number, previous: number, windowMs: number, now: number): number {
  const overlap = 1 - (now % windowMs) / windowMs;
  return current + previous * overlap;
}

/** Counters in this process only (no REDIS_URL). */
export function memoryCounters(maxKeys = 100_000): CounterStore {
  const entries = new Map<string, { window: number; current: number; previous: number }>();
  const sweep = (window: number) => {
    for (const [key, e] of entries) if (e.window < window - 1) entries.delete(key);
  };
  const addNow = (key: string, windowMs: number, now: number, by = 1): number => {
    const window = Math.floor(now / windowMs);
    let e = entries.get(key);
    if (!e || e.window < window - 1) {
      if (!e && entries.size >= maxKeys) sweep(window);
      e = { window, current: 0, previous: 0 };
      entries.set(key, e);
    } else if (e.window === window - 1) {
      e.previous = e.current;
      e.current = 0;
      e.window = window;
    }
    e.current = Math.max(0, e.current + by);
    return slidingCount(e.current, e.previous, windowMs, now);
  };
  return {
    addNow,
    async add(key, windowMs, now, by = 1) {
      return addNow(key, windowMs, now, by);
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * Counters shared by every process through Redis: one MULTI adds to the current window's key and
 * reads the previous one's. When Redis cannot answer, counting goes to `fallback` (reported once
 * through `onError`), so an outage never fails requests; the plugin gives the database as the
 * fallback, so processes still share their counts (decision 0018).
 */
export function redisCounters(
  redis: Redis,
  fallback: CounterStore,
  onError: (err: unknown) => void,
): CounterStore {
  let failing = false;
  return {
    async add(key, windowMs, now, by = 1) {
      const window = Math.floor(now / windowMs);
      const current = `bahtdesk:limit:${key}:${window}`;
      try {
        const replies = await redis
          .multi()
          .incrby(current, by)
          .pexpire(current, 2 * windowMs)
          .get(`bahtdesk:limit:${key}:${window - 1}`)
          .exec();
        const hits = replies?.[0]?.[1];
        if (typeof hits !== 'number') throw new Error('unexpected Redis reply');
        failing = false;
        return slidingCount(Math.max(0, hits), Number(replies?.[2]?.[1] ?? 0), windowMs, now);
      } catch (err) {
        if (!failing) onError(err);
        failing = true;
        return fallback.add(key, windowMs, now, by);
      }
    },
    async close() {
      await fallback.close();
    },
  };
}

/**
 * Counters in the database (the rate_counters table), shared by every process: the fallback of
 * the Redis counters while Redis is away, so each process does not count from zero. One upsert per
 * hit adds atomically; rows outlive their window by one window and are pruned by housekeeping.
 */
export function databaseCounters(db: Kysely<DB>): CounterStore {
  return {
    async add(key, windowMs, now, by = 1) {
      const slot = Math.floor(now / windowMs);
      const row = await db
        .insertInto('rate_counters')
        .values({ key, slot, hits: Math.max(0, by), expires_at: new Date((slot + 2) * windowMs) })
        .onConflict((oc) =>
          oc
            .columns(['key', 'slot'])
            .doUpdateSet({ hits: sql<number>`greatest(0, rate_counters.hits + ${by})` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      const previous = await db
        .selectFrom('rate_counters')
        .select('hits')
        .where('key', '=', key)
        .where('slot', '=', slot - 1)
        .executeTakeFirst();
      return slidingCount(row.hits, previous?.hits ?? 0, windowMs, now);
    },
    async close() {},
  };
}
