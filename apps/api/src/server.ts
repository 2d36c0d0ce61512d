import type { AddressInfo } from 'node:net';
import type { SetupItem } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { serveDumps } from './backup/dump-socket.ts';
import { type Config, ConfigError, loadConfig, misspeltVariables } from './config.ts';
import { type Database, openDatabase, openPostgres } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { explainDatabaseError } from './db/unreachable.ts';
import { seedClosedDays } from './modules/calendar/index.ts';
import { schedulePruning } from './modules/housekeeping/index.ts';
import { type SeedResult, seedDemo } from './seed.ts';
import { stopGracefully } from './shutdown.ts';
import { startReport } from './start-report.ts';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error('BahtDesk cannot start: fix these environment variables (see .env.example):');
    for (const line of error.lines) console.error(`  ${line}`);
    process.exit(1);
  }
}

/** A variable that looks like a misspelt setting is ignored: say so before anything else. */
function reportMisspeltVariables(): void {
  for (const { name, meant } of misspeltVariables(process.env)) {
    console.error(`BahtDesk ignores ${name}: did you mean ${meant}? (see .env.example)`);
  }
}

/**
 * Applies pending migrations. On PostgreSQL they get a connection of their own without the
 * statement limit requests have: building an index on a big table, or waiting for another
 * process's migration lock while several start at once, may take longer.
 */
async function migrate(config: Config, database: Database): Promise<void> {
  if (!config.databaseUrl) {
    await migrateToLatest(database.db);
    return;
  }
  const unbounded = openPostgres(config.databaseUrl, undefined, {
    statementTimeoutMs: 0,
    acquireTimeoutMs: config.databaseTimeouts.acquireTimeoutMs,
  });
  try {
    await migrateToLatest(unbounded.db);
  } finally {
    await unbounded.close();
  }
}

function publicUrl(app: FastifyInstance, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * On PGlite the server alone may open the data folder, so it answers `npm run desk -- backup`
 * itself, on a socket in that folder (decision 0056).
 */
async function answerBackups(
  app: FastifyInstance,
  config: Config,
  database: Database,
): Promise<() => Promise<void>> {
  const { dump } = database;
  if (!dump) return async () => {};
  const close = await serveDumps(config.dataDir, dump, (err) => app.log.error({ err }, 'backup dump failed'));
  if (close) return close;
  app.log.warn(
    { dataDir: config.dataDir },
    'DATA_DIR is too long a path for the backup socket: stop the server to back it up, or use a shorter path',
  );
  return async () => {};
}

/**
 * Starts BahtDesk: configuration, database (PGlite in DATA_DIR or PostgreSQL), migrations, the
 * demo data on a database never seeded when SEED_DEMO says so (by default on PGlite only), the app
 * on HOST:PORT (its listen starts the order sweeper, see app.ts), then hourly pruning of dead rows,
 * and what it runs on and still lacks (start-report.ts). SIGTERM or SIGINT stops accepting
 * connections, lets in-flight requests finish, closes the database and exits 0.
 */
async function main(): Promise<void> {
  const config = readConfig();
  reportMisspeltVariables();
  let app: FastifyInstance | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (err) => app?.log.warn({ err }, 'database connection lost; the pool reconnects on next use'),
    timeouts: config.databaseTimeouts,
    poolSize: config.databasePoolSize,
  });
  let seed: SeedResult = { seeded: false };
  let demoSeededAt: string | null;
  let setupMissing: SetupItem[];
  try {
    await migrate(config, database);
    // The coming years' closed days, as the years pass; days staff corrected stay as they are.
    await seedClosedDays(database.db);
    app = await buildApp({ config, database });
    if (config.seedDemo) seed = await seedDemo(database.db, app.services, app.events);
    demoSeededAt = await app.services.settings.get('demoSeededAt');
    setupMissing = await app.services.setup.missing();
  } catch (error) {
    await database.close().catch(() => {});
    throw explainDatabaseError(error, config.databaseUrl);
  }

  let stopPruning = () => {};
  let stopDumps = async () => {};
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping || !app) return;
    stopping = true;
    stopPruning();
    await stopDumps().catch(() => {});
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      const clean = await stopGracefully(app, database, SHUTDOWN_TIMEOUT_MS);
      if (!clean) app.log.error('shutdown timed out; exiting');
      process.exit(clean ? 0 : 1);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  stopPruning = schedulePruning(database.db, app.log);
  stopDumps = await answerBackups(app, config, database);
  const report = startReport({
    url: publicUrl(app, config.host),
    config,
    demoSeededAt,
    demoStaff: seed.staff,
    setupMissing,
    folder: database.folder,
  });
  process.stdout.write(`${report.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('BahtDesk failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
