import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { keepFilePrivate } from '../db/private-files.ts';
import { requestDump } from './dump-socket.ts';

/**
 * Backup and restore of the whole desk (decision 0056). Everything a desk holds is in its
 * database, identity photos and payment slips included, so one file is the whole desk:
 * - PGlite: a gzip tarball of the data folder, taken by the running server when there is one
 *   (it answers on the folder's socket), else by opening the folder;
 * - PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore`.
 * A restore goes only into a database that holds no desk yet, and migrates it to this version.
 * A backup holds password hashes, TOTP secrets and identity photos: its file is the owner's alone
 * (0600) whatever the umask, and one found readable by others is made so, or warned about.
 */

/** A refusal to report as one line (the command line turns it into exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

const GZIP = [0x1f, 0x8b];
const PG_CUSTOM = 'PGDMP';

/** Makes a backup file the owner's alone; the warning to add when it was readable by others, or still is. */
function fileWarning(file: string): string {
  const { madePrivate, stillOpen } = keepFilePrivate(file);
  if (stillOpen > 0) {
    return `\nWarning: ${file} is readable by other users of this machine and its mode cannot be changed: keep backups on a file system with Unix permissions (or encrypted).`;
  }
  return madePrivate > 0
    ? `\nWarning: ${file} was readable by other users of this machine; it is now 0600.`
    : '';
}

export async function backup(target: BackupTarget, file: string): Promise<string> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file for each backup`);
  const partial = `${file}.partial`;
  try {
    // The owner's alone before a byte is written, whatever the umask; the writers below write into
    // this file (a partial one left by a killed backup keeps its mode, so it is set again).
    writeFileSync(partial, '', { mode: 0o600 });
    keepFilePrivate(partial);
    const summary = target.databaseUrl
      ? await backupPostgres(target.databaseUrl, partial)
      : await backupPGlite(target.dataDir, partial);
    renameSync(partial, file);
    return `Backed up ${summary} to ${file}.${fileWarning(file)}`;
  } finally {
    rmSync(partial, { force: true });
  }
}

export async function restore(target: BackupTarget, file: string): Promise<string> {
  const head = Buffer.alloc(PG_CUSTOM.length);
  try {
    const fd = openSync(file, 'r');
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
  } catch {
    throw new BackupError(`cannot read ${file}`);
  }
  const kind = head.toString('latin1') === PG_CUSTOM ? 'postgres' : isGzip(head) ? 'pglite' : '';
  if (!kind) throw new BackupError(`${file} is not a BahtDesk backup (neither a PGlite nor a pg_dump file)`);
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError(
      `${file} is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into`,
    );
  }
  if (kind === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      `${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to an empty folder`,
    );
  }
  const summary = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, file)
    : await restorePGlite(target.dataDir, file);
  return `Restored ${file}: ${summary}.${fileWarning(file)}`;
}

const isGzip = (head: Buffer) => head[0] === GZIP[0] && head[1] === GZIP[1];

// --- PGlite -----------------------------------------------------------------------------------

const holdsDesk = (dataDir: string) => existsSync(path.join(path.resolve(dataDir), 'pgdata', 'PG_VERSION'));

async function backupPGlite(dataDir: string, file: string): Promise<string> {
  const dir = path.resolve(dataDir);
  if (!holdsDesk(dir)) throw new BackupError(`DATA_DIR ${dir} holds no desk to back up`);
  const fromServer = await requestDump(dir);
  if (fromServer) {
    writeFileSync(file, fromServer);
    return `the PGlite desk in ${dir} (taken by the running server)`;
  }
  const database = await openDatabase({ dataDir: dir });
  try {
    if (!database.dump) throw new BackupError('this database cannot dump itself');
    writeFileSync(file, await database.dump());
  } finally {
    await database.close();
  }
  return `the PGlite desk in ${dir}`;
}

async function restorePGlite(dataDir: string, file: string): Promise<string> {
  const dir = path.resolve(dataDir);
  const pgdata = path.join(dir, 'pgdata');
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dir} already holds a desk: restore into an empty folder (move the old one away first)`,
    );
  }
  let database: Database;
  try {
    database = await openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
  } catch (error) {
    rmSync(pgdata, { recursive: true, force: true });
    throw new BackupError(`${file} could not be loaded: ${(error as Error).message}`);
  }
  try {
    await migrateToLatest(database.db);
    return `${await contents(database)} in the PGlite folder ${dir}`;
  } finally {
    await database.close();
  }
}

// --- PostgreSQL -------------------------------------------------------------------------------

/** The URL without its password, which goes to the tools through PGPASSWORD (never on a command line). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]?.v) / 10_000);
  } catch (error) {
    throw new BackupError(`cannot reach the database of DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The major version of an installed PostgreSQL client tool; says how to install it when missing or older. */
function toolMajor(tool: 'pg_dump' | 'pg_restore', atLeast: number): void {
  const install = `install PostgreSQL's client tools of version ${atLeast} or newer (Debian/Ubuntu: apt install postgresql-client-${atLeast})`;
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (run.error) throw new BackupError(`${tool} is not installed: ${install}`);
  const major = Number(/(\d+)(\.\d+)?/.exec(run.stdout)?.[1]);
  if (!(major >= atLeast)) {
    throw new BackupError(`${tool} is version ${major}, older than the server's ${atLeast}: ${install}`);
  }
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): void {
  const run = spawnSync(tool, args, { encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.error) throw new BackupError(`${tool} could not run: ${run.error.message}`);
  if (run.status !== 0) {
    const reason = run.stderr.trim().split('\n').slice(0, 3).join(' / ');
    throw new BackupError(`${tool} failed (exit ${run.status}): ${reason}`);
  }
}

async function backupPostgres(databaseUrl: string, file: string): Promise<string> {
  toolMajor('pg_dump', await serverMajor(databaseUrl));
  const { url, env } = connection(databaseUrl);
  runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
    env,
  );
  return `the PostgreSQL database ${new URL(url).pathname.slice(1)} (pg_dump)`;
}

async function restorePostgres(databaseUrl: string, file: string): Promise<string> {
  toolMajor('pg_restore', await serverMajor(databaseUrl));
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(
      database.db,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'the database of DATABASE_URL already holds tables: restore into an empty database (createdb a new one and point DATABASE_URL at it)',
      );
    }
    const { url, env } = connection(databaseUrl);
    runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
      env,
    );
    await migrateToLatest(database.db);
    return `${await contents(database)} in the PostgreSQL database ${new URL(url).pathname.slice(1)}`;
  } finally {
    await database.close();
  }
}

/** What the restored desk holds, in one line (so the operator sees it is the desk they meant). */
async function contents(database: Database): Promise<string> {
  const count = async (table: 'members' | 'transactions' | 'staff' | 'files') => {
    const row = await database.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  };
  const [members, orders, staff, files] = await Promise.all([
    count('members'),
    count('transactions'),
    count('staff'),
    count('files'),
  ]);
  return `${members} members, ${orders} orders, ${staff} staff accounts, ${files} stored images`;
}
