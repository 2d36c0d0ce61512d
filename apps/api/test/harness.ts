import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, loadConfig } from '../src/config.ts';
import { type Database, isAlive, openPostgres, pgliteDatabase, pgliteParsers } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';

/**
 * The database every API test of one worker shares, migrated once:
 * - TEST_DB=pglite (project `api`): a migrated PGlite snapshot is made once (and kept in the OS
 *   temp folder, keyed by the migrations' content and the PGlite version), then every worker
 *   loads its own in-memory copy of it in about a second instead of running initdb. Tests that
 *   need a database with no migration run load `emptySnapshot()`, taken right after initdb.
 * - TEST_DB=pg (project `api-pg`): a migrated template database is made once on the server of
 *   TEST_DATABASE_URL (keyed the same way), then every worker gets `CREATE DATABASE ... TEMPLATE`.
 *
 * Tests never depend on each other's data: use unique names, or `resetTables` for the tables a
 * test file owns.
 */
export function testDatabase(): Promise<Database> {
  const store = globalThis as { __bahtdeskTestDatabase?: Promise<Database> };
  store.__bahtdeskTestDatabase ??= process.env.TEST_DB === 'pg' ? openWorkerPostgres() : openWorkerPGlite();
  return store.__bahtdeskTestDatabase;
}

/**
 * A handle on a worker database of its own limits, for tests of time limits: on PostgreSQL a
 * second pool on the worker's database (of `poolSize` connections), on PGlite a fresh in-memory
 * copy of the migrated snapshot (a second handle on the same PGlite instance would let two drivers
 * interleave). Close it when done.
 */
export async function testDatabaseWithTimeouts(
  timeouts: DatabaseTimeouts,
  poolSize?: number,
): Promise<Database> {
  if (process.env.TEST_DB !== 'pg') {
    const snapshot = await migratedSnapshot();
    const pglite = await PGlite.create({
      loadDataDir: new Blob([new Uint8Array(snapshot)]),
      parsers: pgliteParsers,
    });
    return pgliteDatabase(pglite, undefined, timeouts);
  }
  await testDatabase();
  if (!workerDatabaseUrl) throw new Error('the worker database has no URL');
  return openPostgres(workerDatabaseUrl, undefined, timeouts, poolSize);
}

/**
 * Another pool of `poolSize` connections on the worker's database, as another process has (on
 * PGlite, a fresh copy as above). Close it when done.
 */
export function testDatabasePool(poolSize: number): Promise<Database> {
  return testDatabaseWithTimeouts(DEFAULT_DATABASE_TIMEOUTS, poolSize);
}

/**
 * A migrated database of its own that holds nothing yet (no other suite's rows): a new desk. On
 * PGlite an in-memory copy of the migrated snapshot; on PostgreSQL a new database copied from the
 * migrated template, with its URL. `close()` closes it, and on PostgreSQL drops it.
 */
export async function emptyDesk(): Promise<{ database: Database; url?: string; close(): Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    const database = await testDatabaseWithTimeouts(DEFAULT_DATABASE_TIMEOUTS);
    return { database, close: () => database.close() };
  }
  await testDatabase();
  const url = process.env.TEST_DATABASE_URL as string;
  emptyDesks += 1;
  const name = `bahtdesk_w_${process.pid}_${emptyDesks}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template bahtdesk_tpl_${schemaKey()}`);
  } finally {
    await admin.end();
  }
  const own = databaseUrlFor(url, name);
  const database = openPostgres(own);
  return {
    database,
    url: own,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}
let emptyDesks = 0;

/** Empties the named tables (and resets their ids) so a test starts from a known state. */
export async function resetTables(database: Database, ...tables: (keyof DB)[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(
    database.db,
  );
}

/** A unique suffix for names a test creates (usernames, links, ...): letters and digits only. */
export function unique(prefix = 't'): string {
  uniqueCounter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${uniqueCounter.toString(36)}`;
}
let uniqueCounter = 0;

export interface TestAppOptions {
  /** Routes the test adds (with defineRoute or app.get) before the app is ready. */
  routes?: (app: FastifyInstance, database: Database) => void;
  /** A stand-in for the worker's shared database (e.g. one whose ping fails). */
  database?: Database;
  /** Where the JSON log lines go, for tests that read them. */
  logStream?: AppDeps['logStream'];
  /** How often the app, once listening, sweeps orders (expiry, and the alert for long waits). */
  sweepEveryMs?: number;
  /** The outage watch's checks and waits, shortened (the app runs it on PostgreSQL when listening). */
  outageTiming?: AppDeps['outageTiming'];
  /** A stand-in around the app's event bus (e.g. one whose publish fails). */
  eventBus?: AppDeps['eventBus'];
}

/**
 * The app built as the server builds it, over the worker's shared database, with a test
 * configuration (`env` overrides single variables). Close it when done; the database stays open.
 */
export async function testApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = options.database ?? (await testDatabase());
  if (!options.database) {
    // The suites of a worker share its database, and maintenance closes the member calls: each
    // suite starts with the site open, whatever the suite before it left.
    await database.db.deleteFrom('settings').where('key', '=', 'maintenance').execute();
  }
  // Tests lower the argon2 memory (explicitly; production stays at 19456 KiB) and raise the per-IP
  // limits, since every injected request comes from 127.0.0.1. The limits tests set their own.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    ARGON2_MEMORY_KIB: '1024',
    RATE_LIMIT_FACTOR: '1000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.sweepEveryMs ? { sweepEveryMs: options.sweepEveryMs } : {}),
    ...(options.outageTiming ? { outageTiming: options.outageTiming } : {}),
    ...(options.eventBus ? { eventBus: options.eventBus } : {}),
  });
  try {
    options.routes?.(app, database);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return { app, database };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, '../src/db/migrations');

/** Changes whenever a migration or the PGlite version changes, so snapshots are never stale. */
function schemaKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = path.join(
    entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'package.json',
  );
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

async function openWorkerPGlite(): Promise<Database> {
  const snapshot = await migratedSnapshot();
  const pglite = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(snapshot)]),
    parsers: pgliteParsers,
  });
  return pgliteDatabase(pglite);
}

/** The migrated snapshot tarball, made by the first worker that needs it (others wait). */
export function migratedSnapshot(): Promise<Uint8Array> {
  return cachedSnapshot('pglite', async (database) => {
    await migrateToLatest(database.db);
  });
}

/**
 * A snapshot taken right after PGlite's initdb (no migration run), for tests that need a
 * brand-new empty database: it loads in about a second where initdb takes several.
 */
export function emptySnapshot(): Promise<Uint8Array> {
  return cachedSnapshot('pglite-empty', async () => {});
}

/**
 * A brand-new empty database of the kind the project runs on (PGlite: a copy of the snapshot taken
 * right after initdb); `open()` opens it once more, as another process would (PGlite is one
 * process's, so there it hands out the same database).
 */
export async function freshDatabase(): Promise<{
  database: Database;
  open: () => Database;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'pg') {
    const loadDataDir = new Blob([new Uint8Array(await emptySnapshot())]);
    const database = pgliteDatabase(await PGlite.create({ loadDataDir, parsers: pgliteParsers }));
    return { database, open: () => database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `bahtdesk_fresh_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  const opened: Database[] = [];
  const open = () => {
    const database = openPostgres(parsed.toString());
    opened.push(database);
    return database;
  };
  return {
    database: open(),
    open,
    drop: async () => {
      await Promise.all(opened.map((database) => database.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A PGlite snapshot tarball kept in the OS temp folder, keyed by `name`, the migrations and the
 * PGlite version: made once by the first worker that needs it (`fill` gets a fresh database),
 * while the others wait for it.
 */
async function cachedSnapshot(
  name: string,
  fill: (database: Database) => Promise<void>,
): Promise<Uint8Array> {
  const dir = path.join(os.tmpdir(), 'bahtdesk-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${schemaKey()}.tar`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      return readFileSync(file);
    } catch {}
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      if (lockIsStale(lock)) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      const pglite = await PGlite.create({ parsers: pgliteParsers });
      const database = pgliteDatabase(pglite);
      await fill(database);
      const dump = await pglite.dumpDataDir('none');
      await database.close();
      writeFileSync(`${file}.${process.pid}`, new Uint8Array(await dump.arrayBuffer()));
      renameSync(`${file}.${process.pid}`, file);
    } finally {
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Timed out waiting for the PGlite snapshot ${name}`);
}

function lockIsStale(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  return pid > 0 && !isAlive(pid);
}

async function openWorkerPostgres(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `bahtdesk_tpl_${schemaKey()}`;
  const worker = `bahtdesk_w_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // One worker at a time: make the template if missing, drop templates of other migration sets
    // and dead workers' databases, copy ours. What stays on the server between runs is at most
    // the current template and the last run's worker databases (dropped by the next run).
    await admin.query('select pg_advisory_lock(727274)');
    const existing = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'bahtdesk\\_%'",
    );
    const names = existing.rows.map((r) => r.datname);
    if (!names.includes(template)) await createTemplate(url, admin, template);
    for (const name of names) {
      // A worker's database, or an empty desk it made (bahtdesk_w_<pid>_<n>).
      const pid = Number(name.match(/^bahtdesk_w_(\d+)(?:_\d+)?$/)?.[1]);
      const deadWorker = pid && (pid === process.pid || !isAlive(pid));
      // A template of another migration set, or one whose build was cut off (built under this lock).
      const staleTemplate = /^bahtdesk_tpl_[0-9a-f]+(_building)?$/.test(name) && name !== template;
      if (deadWorker || staleTemplate) {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
    await admin.query(`create database ${worker} template ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock(727274)').catch(() => {});
    await admin.end();
  }
  workerDatabaseUrl = databaseUrlFor(url, worker);
  return openPostgres(workerDatabaseUrl);
}

let workerDatabaseUrl: string | undefined;

/** The URL of this worker's PostgreSQL database (project api-pg), after testDatabase(). */
export function testDatabaseUrl(): string | undefined {
  return workerDatabaseUrl;
}

async function createTemplate(url: string, admin: pg.Client, template: string): Promise<void> {
  const building = `${template}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const database = openPostgres(databaseUrlFor(url, building));
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  await admin.query(`alter database ${building} rename to ${template}`);
}

function databaseUrlFor(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
