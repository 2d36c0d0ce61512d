import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase, openPostgres } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedClosedDays } from './modules/calendar/index.ts';
import { schedulePruning } from './modules/housekeeping/index.ts';
import { seedDemo } from './seed.ts';
import { stopGracefully } from './shutdown.ts';

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
 * Starts BahtDesk: configuration, database (PGlite in DATA_DIR or PostgreSQL), migrations, the
 * demo data on an empty database, the app on HOST:PORT (its listen starts the order sweeper, see
 * app.ts), then hourly pruning of dead rows. SIGTERM or SIGINT stops accepting connections, lets
 * in-flight requests finish, closes the database and exits 0.
 */
async function main(): Promise<void> {
  const config = readConfig();
  let app: FastifyInstance | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (err) => app?.log.warn({ err }, 'database connection lost; the pool reconnects on next use'),
    timeouts: config.databaseTimeouts,
    poolSize: config.databasePoolSize,
  });
  let seed: Awaited<ReturnType<typeof seedDemo>>;
  try {
    await migrate(config, database);
    // The coming years' closed days, as the years pass; days staff corrected stay as they are.
    await seedClosedDays(database.db);
    app = await buildApp({ config, database });
    seed = await seedDemo(database.db, app.services, app.events);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  let stopPruning = () => {};
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping || !app) return;
    stopping = true;
    stopPruning();
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
  process.stdout.write(`BahtDesk is running at ${publicUrl(app, config.host)}\n`);
  if (seed.staff) {
    process.stdout.write(
      `Demo staff account, shown this once: ${seed.staff.username} / ${seed.staff.password} (sign in at /admin/; the first sign-in sets up two-factor authentication)\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('BahtDesk failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
