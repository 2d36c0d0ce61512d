import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import { type BusEvent, createEventBus, type EventBus } from '../src/events/bus.ts';
import { nextEvent as next, quiet } from './bus-events.ts';
import { testDatabase } from './harness.ts';

/** The event bus across connections on PostgreSQL (LISTEN/NOTIFY). Project api-pg only. */

/** How the listeners of this process's buses name themselves in pg_stat_activity. */
const LISTENER = `bahtdesk-bus-${process.pid}`;

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe.runIf(process.env.TEST_DB === 'pg')(
  'the event bus across processes (PostgreSQL LISTEN/NOTIFY)',
  () => {
    let a: EventBus;
    let b: EventBus;
    beforeAll(async () => {
      [a, b] = await Promise.all([createEventBus(database, quiet), createEventBus(database, quiet)]);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('carries an event published by one bus to another on the same database, once', async () => {
      const received: BusEvent[] = [];
      const off = b.subscribe((e) => received.push(e));
      const arrived = next(b, (e) => e.name === 'rates.changed');
      const started = performance.now();
      await a.publish('rates.changed', { by: 'a' });
      await arrived;
      process.stdout.write(
        `bus: an event reached the other bus in ${(performance.now() - started).toFixed(1)} ms\n`,
      );
      // Anything else would have arrived by now (NOTIFYs of one session arrive in order).
      const news = next(b, (e) => e.name === 'news.changed');
      await a.publish('news.changed', { by: 'a' });
      await news;
      off();
      expect(received.map((e) => e.name)).toEqual(['rates.changed', 'news.changed']);
      expect(received[0]?.data).toEqual({ by: 'a' });
    });

    it('does not deliver its own event twice (once at publish, never again from NOTIFY)', async () => {
      const received: string[] = [];
      const off = a.subscribe((e) => received.push(e.name));
      // b hears it through NOTIFY, and so would a if it did not skip its own.
      const heardByB = next(b, (e) => e.name === 'pages.changed');
      await a.publish('pages.changed');
      await heardByB;
      const heardByA = next(a, (e) => e.name === 'kyc.updated');
      await b.publish('kyc.updated');
      await heardByA;
      off();
      expect(received).toEqual(['pages.changed', 'kyc.updated']);
    });

    it('reconnects when its listening connection is cut (as a PostgreSQL restart does), says so with bus.resync, and hears events again', async () => {
      const resynced = next(b, (e) => e.name === 'bus.resync', 20_000);
      const listeners = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER}`.execute(database.db);
      expect(listeners.rows.length).toBeGreaterThanOrEqual(2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER}`.execute(database.db);
      await resynced;
      expect(b.connected).toBe(true);
      // a may still be reconnecting: wait until it hears again, then publish from it.
      while (!a.connected) await sleep(50);
      const arrived = next(b, (e) => e.name === 'order.updated');
      await a.publish('order.updated', { id: 'B1' });
      expect((await arrived).data).toEqual({ id: 'B1' });
    });
  },
);
