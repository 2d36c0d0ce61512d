import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/harness.ts';
import type { Database } from '../db/connection.ts';
import { type BusEvent, createEventBus, type EventBus } from './bus.ts';

const quiet = { warn: () => {}, info: () => {} };

/** Resolves with the first event `bus` delivers that matches, or rejects after `ms`. */
function next(bus: EventBus, match: (e: BusEvent) => boolean, ms = 10_000): Promise<BusEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const off = bus.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('the event bus', () => {
  it('delivers a published event to every subscriber of the process, the publisher included', async () => {
    const bus = await createEventBus(database, quiet);
    try {
      const seen: string[] = [];
      const off = bus.subscribe((e) => seen.push(`${e.name}:${String(e.data.key)}`));
      const arrived = next(bus, (e) => e.name === 'settings.changed');
      await bus.publish('settings.changed', { key: 'maintenance' });
      await arrived;
      off();
      await bus.publish('settings.changed', { key: 'chatLink' });
      expect(seen).toEqual(['settings.changed:maintenance']);
      expect(bus.connected).toBe(true);
    } finally {
      await bus.close();
    }
  });
});
