import { type AddressInfo, createServer } from 'node:net';
import { memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testDatabase, testDatabaseUrl } from '../../test/harness.ts';
import { type Database, openPostgres } from '../db/connection.ts';
import { acquireTimeoutError } from '../db/unavailable.ts';

/**
 * An outage is called an outage: when the database is unreachable or does not answer in time,
 * every request that needs it answers 505 / HTTP 503 with Retry-After (never 998 / 500), and
 * /readyz answers 503 at the same moment, so clients and load balancers see "unavailable".
 */

const STATUS = '/api/external/home/maintenanceStatus';
/** A route that reads the settings table on every call, outside /api/ (no limit or access hook first). */
const READ = '/test/read-settings';
const readRoute = (app: FastifyInstance, database: Database) =>
  app.get(READ, async () => {
    await sql`select count(*) from settings`.execute(database.db);
    return { ok: true };
  });
const SECRET = 'outage-test-client-signature-secret-0123456789';
const APP_NAME = `bahtdesk_outage_test_${process.pid}`;

function expectUnavailable(res: LightMyRequestResponse, what = '') {
  expect({
    what,
    status: res.statusCode,
    code: res.json().code,
    retryAfter: res.headers['retry-after'],
  }).toEqual({
    what,
    status: 503,
    code: 505,
    retryAfter: '5',
  });
}

const pgError = (message: string, code: string) =>
  Object.assign(new Error(message), { code, severity: 'ERROR' });
const socketError = (message: string, code: string) => Object.assign(new Error(message), { code, errno: -1 });

/** What the drivers throw when the database is away or slow, as they throw it. */
const OUTAGES: [string, () => Error][] = [
  ['ECONNREFUSED', () => socketError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  [
    'ECONNREFUSED on every address of a name (AggregateError)',
    () =>
      new AggregateError([
        socketError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        socketError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      ]),
  ],
  ['ECONNRESET', () => socketError('read ECONNRESET', 'ECONNRESET')],
  ['ETIMEDOUT', () => socketError('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT')],
  ['EPIPE', () => socketError('write EPIPE', 'EPIPE')],
  ['SQLSTATE 08006 connection failure', () => pgError('connection failure', '08006')],
  ['SQLSTATE 08001 unable to connect', () => pgError('could not connect to server', '08001')],
  [
    'SQLSTATE 57P01 admin shutdown',
    () => pgError('terminating connection due to administrator command', '57P01'),
  ],
  [
    'SQLSTATE 57P02 crash shutdown',
    () => pgError('terminating connection because of crash of another server process', '57P02'),
  ],
  ['SQLSTATE 57P03 cannot connect now', () => pgError('the database system is starting up', '57P03')],
  ['SQLSTATE 53300 too many connections', () => pgError('sorry, too many clients already', '53300')],
  [
    'SQLSTATE 57014 statement timeout',
    () => pgError('canceling statement due to statement timeout', '57014'),
  ],
  ['pg: Connection terminated unexpectedly', () => new Error('Connection terminated unexpectedly')],
  [
    'pg: Connection terminated due to connection timeout',
    () => new Error('Connection terminated due to connection timeout'),
  ],
  ['pg: Query read timeout', () => new Error('Query read timeout')],
  ['pg-pool: acquire timeout', () => new Error('timeout exceeded when trying to connect')],
  ['PGlite driver: acquire timeout', () => acquireTimeoutError(1000)],
];

/**
 * The worker's database behind a switch: once `fail(error)` is called, every query the predicate
 * picks (all of them by default) throws that error instead of running, and so does ping().
 */
function switchable(base: Database, picks: (node: RootOperationNode) => boolean = () => true) {
  let failure: (() => Error) | undefined;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (failure && picks(args.node)) throw failure();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const db = base.db.withPlugin(plugin);
  const database: Database = {
    ...base,
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
  };
  return {
    database,
    fail: (error: (() => Error) | undefined) => {
      failure = error;
    },
  };
}

const readsSettings = (node: RootOperationNode) => /\bsettings\b/.test(JSON.stringify(node));

describe('a database stand-in that fails with each outage error', () => {
  let everything: ReturnType<typeof switchable>;
  let settingsOnly: ReturnType<typeof switchable>;
  let app: FastifyInstance;
  let handlerApp: FastifyInstance;

  beforeAll(async () => {
    const base = await testDatabase();
    everything = switchable(base);
    settingsOnly = switchable(base, readsSettings);
    ({ app } = await testApp({}, { database: everything.database }));
    ({ app: handlerApp } = await testApp({}, { database: settingsOnly.database, routes: readRoute }));
  });

  afterAll(async () => {
    await app.close();
    await handlerApp.close();
  });

  afterEach(() => {
    everything.fail(undefined);
    settingsOnly.fail(undefined);
  });

  it.each(OUTAGES)('answers 505 / 503 with Retry-After, and /readyz 503, on %s', async (_name, error) => {
    everything.fail(error);
    // Failing in an onRequest hook (the ban check reads the database first)...
    expectUnavailable(await app.inject({ method: 'GET', url: STATUS }), 'request');
    expectUnavailable(await app.inject({ method: 'GET', url: '/readyz' }), '/readyz');
    // ...and in a handler (only queries of the settings table fail).
    settingsOnly.fail(error);
    expectUnavailable(await handlerApp.inject({ method: 'GET', url: READ }), 'handler');
  });

  it('still answers 998 / 500 without Retry-After to a database error that is a fault, not an outage', async () => {
    everything.fail(() => pgError('relation "settings" does not exist', '42P01'));
    const res = await app.inject({ method: 'GET', url: STATUS });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(998);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

/** A loopback port nobody listens on, so connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('PostgreSQL that is not running (a pool to a port nobody listens on)', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/bahtdesk`);
    // The clientSignature and outbox keys are configured, so building the app reads nothing from
    // the database.
    ({ app } = await testApp({ CLIENT_SIGNATURE_SECRET: SECRET, OUTBOX_SECRET_KEY: SECRET }, { database }));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers every endpoint of the contract 505 / 503 with Retry-After, /readyz 503 and /healthz 200', async () => {
    for (const e of Object.values(memberEndpoints)) {
      const url = e.path.replace(/:[^/]+/g, 'x');
      const res = await app.inject({
        method: e.method,
        url,
        headers: { authorization: 'Bearer not-a-real-token', 'content-type': 'application/json' },
        ...(e.method === 'POST' ? { payload: '{}' } : {}),
      });
      expectUnavailable(res, `${e.method} ${url}`);
    }
    expectUnavailable(await app.inject({ method: 'GET', url: '/readyz' }), '/readyz');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

if (process.env.TEST_DB === 'pg')
  describe('PostgreSQL ending the server connections (pg_terminate_backend)', () => {
    let app: FastifyInstance;
    let database: Database;
    let admin: pg.Client;

    beforeAll(async () => {
      await testDatabase();
      // Named, so that only this app's connections are ended, never the worker's shared pool.
      const url = new URL(testDatabaseUrl() ?? '');
      url.searchParams.set('application_name', APP_NAME);
      database = openPostgres(url.toString());
      ({ app } = await testApp({}, { database, routes: readRoute }));
      admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
    });

    afterAll(async () => {
      await admin.end();
      await app.close();
      await database.close();
    });

    it('answers 505 / 503 with Retry-After to the request whose connection was ended, then serves again', async () => {
      expect((await app.inject({ method: 'GET', url: READ })).statusCode).toBe(200);
      const locker = new pg.Client({ connectionString: testDatabaseUrl() });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table settings in access exclusive mode');
        const pending = app.inject({ method: 'GET', url: READ });
        // The request's backend, waiting for the lock on settings.
        let pid: number | undefined;
        for (let i = 0; i < 100 && pid === undefined; i++) {
          const { rows } = await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity
              where application_name = $1 and wait_event_type = 'Lock' and query ilike '%settings%'`,
            [APP_NAME],
          );
          pid = rows[0]?.pid;
          if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(pid).toBeDefined();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        expectUnavailable(await pending);
      } finally {
        await locker.query('rollback').catch(() => {});
        await locker.end();
      }
      // The pool may hand out the ended connection once more before its socket's close is read
      // (that request is answered 503 with Retry-After too); then it opens a new one and serves.
      const statuses: number[] = [];
      while (statuses.at(-1) !== 200 && statuses.length < 20) {
        if (statuses.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        statuses.push((await app.inject({ method: 'GET', url: READ })).statusCode);
      }
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
    });

    it('never answers 998 / 500 after every idle connection of its pool was ended, and recovers', async () => {
      expect((await app.inject({ method: 'GET', url: READ })).statusCode).toBe(200);
      const { rows } = await admin.query<{ ended: number }>(
        `select count(*)::int as ended from (
           select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = $1 and state = 'idle') t`,
        [APP_NAME],
      );
      expect(rows[0]?.ended).toBeGreaterThan(0);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await app.inject({ method: 'GET', url: READ })).statusCode);
      expect(answers.every((s) => s === 200 || s === 503)).toBe(true);
      expect(answers.at(-1)).toBe(200);
      // The event bus's listener was one of them: ready again once it listens again.
      const ready: number[] = [];
      while (ready.at(-1) !== 200 && ready.length < 100) {
        if (ready.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        ready.push((await app.inject({ method: 'GET', url: '/readyz' })).statusCode);
      }
      expect(ready.at(-1)).toBe(200);
    });
  });
