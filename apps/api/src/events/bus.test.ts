import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent as next, quiet } from '../../test/bus-events.ts';
import { testDatabase } from '../../test/harness.ts';
import type { Database } from '../db/connection.ts';
import { createEventBus } from './bus.ts';

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
