import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, unique } from '../../../test/harness.ts';
import type { Database } from '../../db/connection.ts';
import { databaseCounters, memoryCounters, redisCounters, slidingCount } from './counters.ts';

const WINDOW = 60_000;

describe('sliding counts', () => {
  it('weigh the previous window by how much of it is still within the last window length', () => {
    expect(slidingCount(2, 10, WINDOW, 0)).toBe(12);
    expect(slidingCount(2, 10, WINDOW, WINDOW / 2)).toBe(7);
    expect(slidingCount(2, 10, WINDOW, WINDOW - 1)).toBeCloseTo(2, 2);
  });

  it('in memory: add, give back, and forget after two windows', async () => {
    const counters = memoryCounters();
    const t = 10 * WINDOW;
    expect(await counters.add('k', WINDOW, t)).toBe(1);
    expect(await counters.add('k', WINDOW, t)).toBe(2);
    expect(await counters.add('k', WINDOW, t, -1)).toBe(1);
    expect(await counters.add('k', WINDOW, t + WINDOW)).toBe(2); // the previous window counts in full at its end
    expect(await counters.add('k', WINDOW, t + 3 * WINDOW)).toBe(1);
  });
});

describe('request counters while Redis is away', () => {
  let database: Database;
  const dead: Redis[] = [];
  const deadRedis = () => {
    // Nothing listens on port 1: every command fails at once (no offline queue).
    const redis = new Redis({
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    dead.push(redis);
    return redis;
  };
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => {
    for (const redis of dead) redis.disconnect();
  });

  it('fall back to the database, so two processes still count together instead of each from zero', async () => {
    const reported: unknown[] = [];
    const a = redisCounters(deadRedis(), databaseCounters(database.db), (err) => reported.push(err));
    const b = redisCounters(deadRedis(), databaseCounters(database.db), (err) => reported.push(err));
    const key = unique('failedSignIn:');
    const now = Date.now();
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push(Math.floor(await (i % 2 ? a : b).add(key, WINDOW, now)));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    expect(reported).toHaveLength(2); // each reports the outage once
  });

  it('in the database, concurrent adds each get a different count (an atomic upsert)', async () => {
    const counters = databaseCounters(database.db);
    const key = unique('general:');
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 20 }, () => counters.add(key, WINDOW, now)));
    expect(counts.map((c) => Math.floor(c)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
