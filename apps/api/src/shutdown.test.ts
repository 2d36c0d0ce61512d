import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testApp, testDatabase } from '../test/harness.ts';
import type { Database } from './db/connection.ts';
import { stopGracefully } from './shutdown.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    const events: string[] = [];
    // The worker's shared database stays open: this stand-in only records that close() came.
    const database: Database = {
      ...(await testDatabase()),
      close: async () => void events.push('database closed'),
    };
    const { app } = await testApp(
      {},
      {
        database,
        routes: (app) =>
          app.get('/slow', async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            events.push('slow request done');
            return { ok: true };
          }),
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = stopGracefully(app, database, 5000);
    // Once the server has stopped listening, a new connection is refused.
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await stopping).toBe(true);
    expect(events).toEqual(['slow request done', 'database closed']);
  });

  it('reports a shutdown that does not finish in time', async () => {
    const real = await testDatabase();
    const database: Database = { ...real, close: () => new Promise(() => {}) };
    const { app } = await testApp({}, { database });
    expect(await stopGracefully(app, database, 100)).toBe(false);
  });
});
