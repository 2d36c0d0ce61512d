import type { Redis } from 'ioredis';

/**
 * Fixed-window request counters. `increment` returns the count in the current window, this hit
 * included: at once when the store can count in memory, else once the store has answered.
 */
export interface CounterStore {
  increment(key: string, windowMs: number, now: number): number | Promise<number>;
  close(): Promise<void>;
}

/** Counters in this process only (no REDIS_URL); they answer at once. */
export function memoryCounters(maxKeys = 100_000): CounterStore & {
  increment(key: string, windowMs: number, now: number): number;
} {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  return {
    increment(key, windowMs, now) {
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size >= maxKeys) sweep(now);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count;
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters shared by every process through Redis. When Redis cannot answer, the count falls back
 * to this process's own counters (reported once through `onError`), so an outage never fails requests.
 */
export function redisCounters(redis: Redis, onError: (err: unknown) => void): CounterStore {
  const fallback = memoryCounters();
  let failing = false;
  return {
    async increment(key, windowMs, now) {
      const k = `bahtdesk:limit:${key}:${Math.floor(now / windowMs)}`;
      try {
        const replies = await redis.multi().incr(k).pexpire(k, windowMs).exec();
        const count = replies?.[0]?.[1];
        if (typeof count !== 'number') throw new Error('unexpected Redis reply');
        failing = false;
        return count;
      } catch (err) {
        if (!failing) onError(err);
        failing = true;
        return fallback.increment(key, windowMs, now);
      }
    },
    async close() {
      await fallback.close();
    },
  };
}
