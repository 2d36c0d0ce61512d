import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type DatabaseTimeouts, DEFAULT_DATABASE_POOL_SIZE, DEFAULT_DATABASE_TIMEOUTS } from '../config.ts';
import { keptStatementName } from './compiled-once.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { keepDataFolderPrivate, type Privacy } from './private-files.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL address, for a connection of its own (the event bus's LISTEN); none on PGlite. */
  url?: string;
  /** Resolves when the database answers a query; throws when it does not. */
  ping(): Promise<void>;
  /**
   * The PostgreSQL pool's connections checked out and requests waiting for one (/metrics). None on
   * PGlite: its one in-process connection has no pool to size.
   */
  pool?(): { inUse: number; waiting: number };
  /**
   * PGlite only: a gzip tarball of its data folder, taken between transactions right after a
   * checkpoint, so it opens as the database was at that moment (`npm run desk -- backup`).
   */
  dump?(): Promise<Uint8Array>;
  /**
   * PGlite only: calls `onPayload` with each notification on `channel` (the event bus's, decision
   * 0085); resolves to the unlisten. On PostgreSQL the bus listens on a connection of its own.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: its folder, and how many of its entries this open found open to other users of
   * the machine (and made private) or could not make private (the start output warns of either).
   */
  folder?: Privacy & { dir: string };
  close(): Promise<void>;
}

const gzipAsync = promisify(gzip);

const OID = { BYTEA: 17, INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

/**
 * How both drivers read values, so code never sees a difference between them:
 * numeric stays a decimal string (never a float); bigint (ids, counts) becomes a JS number,
 * deliberately: ids and counts stay far below 2^53; date stays 'YYYY-MM-DD' (no time zone games).
 */
const parsers: Record<number, (value: string) => unknown> = {
  [OID.NUMERIC]: (value) => value,
  [OID.INT8]: (value) => Number(value),
  [OID.DATE]: (value) => value,
};

/**
 * PGlite reads bytea from its hex text with Node's own decoder: PGlite's parser makes one string
 * and one parseInt per byte, about 0.4 s of CPU for a 2 MB photo (decision 0073). Still a
 * Uint8Array, as PGlite gives it.
 */
const pgliteParsers: Record<number, (value: string) => unknown> = {
  ...parsers,
  [OID.BYTEA]: (value) => {
    const bytes = Buffer.from(value.slice(2), 'hex');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  },
};

const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const parse = parsers[oid];
    if (parse && format !== 'binary') return parse;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * How much later than PostgreSQL's own statement_timeout the driver stops waiting for an answer
 * (pg's query_timeout). The server's cancel normally comes first and leaves the connection
 * usable; the driver's limit is for a server that cannot answer at all (frozen, or the network
 * gone), where statement_timeout never fires.
 */
const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * Opens the system of record: PostgreSQL through a `pg` pool when `databaseUrl` is given,
 * otherwise PGlite with its data in `dataDir` (created on first open, reused afterwards).
 * `timeouts` bound queries and the wait for a connection (DATABASE_*_TIMEOUT_SECONDS); a 0 in
 * them means no limit. `poolSize` caps PostgreSQL's pooled connections (DATABASE_POOL_SIZE);
 * PGlite is a single connection.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told about connection errors the pool recovered from (e.g. to log them). */
  onError?: (error: Error) => void;
  timeouts?: DatabaseTimeouts;
  poolSize?: number;
  /** PGlite only: a tarball (`Database.dump`) to fill a folder that holds no database yet. */
  loadDataDir?: Blob;
}): Promise<Database> {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.onError, timeouts, options.poolSize);
  return openPGliteDir(options.dataDir, timeouts, options.loadDataDir);
}

/**
 * PostgreSQL through a pool that survives the server restarting: an idle client's error is
 * handled by the pool listener, a checked-out client's by its own listener (without one, pg
 * would throw it as an uncaught exception); broken clients are dropped on release, and the
 * next query opens a fresh connection, so `ping()` works again as soon as the server is back.
 *
 * Nothing waits forever: the server cancels a statement after `statementTimeoutMs` (57014; a
 * transaction's statement waiting on a lock included), the driver gives up on an unanswered one
 * a second later, and waiting for a free pooled connection or for a new one to open fails after
 * `acquireTimeoutMs` (pg-pool's connectionTimeoutMillis bounds both). TCP keep-alive probes after
 * 10 s idle find a peer that vanished without closing. Each of those errors answers 505 / 503.
 * At most `poolSize` connections are open at once; a query beyond them waits for a free one.
 */
export function openPostgres(
  databaseUrl: string,
  onError: (error: Error) => void = () => {},
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
  poolSize: number = DEFAULT_DATABASE_POOL_SIZE,
): Database {
  const { statementTimeoutMs, acquireTimeoutMs } = timeouts;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: pgTypes,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: acquireTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
      : {}),
  });
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    preparingKeptStatements(client);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    url: databaseUrl,
    ping: () => pingWithRetry(db),
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/**
 * Runs each statement compiled once (compiled-once.ts) as a named prepared statement on this
 * connection: parsed once per connection, and after a few runs PostgreSQL may keep one plan for it
 * instead of planning every call (planning the profile's statement costs it about three times what
 * running it does; decision 0083). Every other query goes through as it is.
 */
function preparingKeptStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? keptStatementName(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as typeof client.query;
}

/**
 * A connection the server killed is noticed only when it is next used, so one failed ping on
 * a stale pooled connection is retried once on a fresh one before it counts as down.
 */
async function pingWithRetry(db: Kysely<DB>): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    await sql`select 1`.execute(db);
  }
}

/** The PGlite database of a data folder. */
const pgdataOf = (dataDir: string) => path.join(path.resolve(dataDir), 'pgdata');

/** Whether a data folder holds a PGlite database already (opening one that does not creates it). */
export function pgliteDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(pgdataOf(dataDir), 'PG_VERSION'));
}

/**
 * PGlite with its data in `<dataDir>/pgdata`, guarded by `<dataDir>/bahtdesk.lock`: one process
 * per data folder. The folder is the server user's alone (0700, its files 0600), whatever the
 * umask: made so before the database opens (an older version, or a copy, may have left it open)
 * and again once it is open (PGlite writes a new database's files 0666 and its relation cache
 * files 0644; the files it makes afterwards are 0600).
 */
async function openPGliteDir(
  dataDir: string,
  timeouts: DatabaseTimeouts,
  loadDataDir?: Blob,
): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(dir);
  try {
    const found = keepDataFolderPrivate(dir, pgdataOf(dir));
    const pglite = await PGlite.create({
      dataDir: pgdataOf(dir),
      parsers: pgliteParsers,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    const { stillOpen } = keepDataFolderPrivate(dir, pgdataOf(dir));
    return {
      ...pgliteDatabase(pglite, unlock, timeouts),
      folder: { dir, madePrivate: found.madePrivate, stillOpen },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Wraps an open PGlite instance (tests load one from a migrated snapshot).
 *
 * Only the acquire timeout applies: PGlite runs each query on this thread, in WebAssembly, so no
 * timer can fire while one runs (and it ignores statement_timeout: `set statement_timeout = 200;
 * select pg_sleep(1)` takes the whole second); and it has no network or other session to wait
 * for. What a request can wait on is the one connection another holder keeps, which the driver
 * bounds with `acquireTimeoutMs`.
 */
export function pgliteDatabase(
  pglite: PGlite,
  onClose: () => void = () => {},
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, pgliteParsers, timeouts.acquireTimeoutMs) });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // Holding the one connection keeps every transaction out while the files are read; they are
    // compressed after it is released (on libuv's threads), so requests wait only for the copy.
    dump: async () => {
      const tarball = await db.connection().execute(async (connection) => {
        await sql`checkpoint`.execute(connection);
        return pglite.dumpDataDir('none');
      });
      return gzipAsync(new Uint8Array(await tarball.arrayBuffer()));
    },
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: async () => {
      await db.destroy();
      await pglite.close();
      onClose();
    },
  };
}

export { pgliteParsers };

/**
 * PGlite must be opened by one process at a time; a second one (say the operator command line
 * while the server runs) would corrupt the folder. The lock file holds the owner's pid and the
 * folder it locks: a lock whose process is gone is taken over, and so is one naming another
 * folder (the folder was copied with its lock, and the copy is not what that process holds).
 */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'bahtdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, `${process.pid}\n${dir}\n`, { flag: 'wx', mode: 0o600 });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid = '', lockedDir] = readFileSync(lockFile, 'utf8').split('\n');
      const owner = Number(pid.trim());
      const sameFolder = lockedDir === undefined || lockedDir === '' || lockedDir === dir;
      if (owner && owner !== process.pid && sameFolder && isAlive(owner)) {
        throw new Error(
          `The PGlite data folder ${dir} is in use by process ${owner} (the server?). Stop it first, or use DATABASE_URL. (If no BahtDesk process has that id, delete ${lockFile}.)`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the PGlite data folder ${dir}.`);
}

/** Whether a process with this id exists (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
