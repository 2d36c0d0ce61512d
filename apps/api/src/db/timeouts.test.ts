import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freezableRelay } from '../../test/frozen-relay.ts';
import { testApp, testDatabase, testDatabaseUrl, testDatabaseWithTimeouts } from '../../test/harness.ts';
import type { DatabaseTimeouts } from '../config.ts';
import type { Database } from './connection.ts';
import { openPostgres } from './connection.ts';

/**
 * No query runs forever: a request that needs a database which does not answer (every connection
 * held, a lock never released, a frozen server) answers 505 / HTTP 503 with Retry-After within the
 * configured limits, instead of hanging; and serving resumes once the database answers again.
 * The limits are 1 s here; the answers are awaited with a generous upper bound, never timed tightly.
 */

const onPostgres = process.env.TEST_DB === 'pg';
const LIMITS: DatabaseTimeouts = { statementTimeoutMs: 1000, acquireTimeoutMs: 1000 };
/** Far above the 1 s limits (plus the driver's 1 s margin); without them the request never answers. */
const ANSWER_WITHIN_MS = 10_000;
/**
 * A route that reads the settings table on every call (outside /api/, so no limit or access hook
 * runs before it: the handler's own query is what waits).
 */
const READ = '/test/read-settings';
const readRoute = (app: FastifyInstance, database: Database) =>
  app.get(READ, async () => {
    await sql`select count(*) from settings`.execute(database.db);
    return { ok: true };
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(database: Database): Promise<FastifyInstance> {
  const { app } = await testApp({}, { database, routes: readRoute });
  cleanups.push(() => app.close());
  return app;
}

/** The answer to GET `url`, or a failure if none came within ANSWER_WITHIN_MS. */
async function answer(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer to ${url} within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([app.inject({ method: 'GET', url }), late]);
  } finally {
    clearTimeout(timer);
  }
}

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ code: 505 });
  expect(res.headers['retry-after']).toBe('5');
}

describe('a request never waits on the database forever', () => {
  it('answers 505 when every connection stays held longer than the acquire limit, and 200 once they are free', async () => {
    const database = await testDatabaseWithTimeouts(LIMITS);
    cleanups.push(() => database.close());
    const app = await appOn(database);
    expect((await answer(app, READ)).statusCode).toBe(200);

    // PGlite has one connection; the PostgreSQL pool has ten.
    const holders = database.kind === 'pglite' ? 1 : 10;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    cleanups.push(async () => release());
    let entered = 0;
    const held = Array.from({ length: holders }, () =>
      database.db.transaction().execute(async () => {
        entered += 1;
        await gate;
      }),
    );
    while (entered < holders) await new Promise((resolve) => setTimeout(resolve, 10));

    expectUnavailable(await answer(app, READ));

    release();
    await Promise.all(held);
    expect((await answer(app, READ)).statusCode).toBe(200);
  });

  if (onPostgres) {
    it('answers 505 when a query waits on a lock longer than the statement limit (PostgreSQL cancels it)', async () => {
      const database = await testDatabaseWithTimeouts(LIMITS);
      cleanups.push(() => database.close());
      const app = await appOn(database);
      expect((await answer(app, READ)).statusCode).toBe(200);

      const locker = new pg.Client({ connectionString: testDatabaseUrl() });
      await locker.connect();
      cleanups.push(() => locker.end());
      cleanups.push(async () => {
        await locker.query('rollback');
      });
      await locker.query('begin');
      await locker.query('lock table settings in access exclusive mode');

      expectUnavailable(await answer(app, READ));

      await locker.query('rollback');
      expect((await answer(app, READ)).statusCode).toBe(200);
    });

    it('answers 505 and /readyz 503 while the server is frozen, and 200 again once it thaws', async () => {
      await testDatabase();
      const relay = await freezableRelay(testDatabaseUrl() ?? '');
      cleanups.push(() => relay.close());
      const database = openPostgres(relay.url, () => {}, LIMITS);
      cleanups.push(() => database.close());
      const app = await appOn(database);
      cleanups.push(async () => relay.thaw());
      expect((await answer(app, READ)).statusCode).toBe(200);

      relay.freeze();
      const [status, ready] = await Promise.all([answer(app, READ), answer(app, '/readyz')]);
      expectUnavailable(status);
      expectUnavailable(ready);

      relay.thaw();
      let res = await answer(app, READ);
      for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        res = await answer(app, READ);
      }
      expect(res.statusCode).toBe(200);
    });
  }
});
