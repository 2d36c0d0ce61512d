// The fault drills' own PostgreSQL cluster and Redis (decision 0057), on free loopback ports, so
// stopping them disturbs nobody else's tests: initdb and pg_ctl of the newest server under
// /usr/lib/postgresql/*/bin in a folder the drill gives, and a redis-server without persistence.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { postgresAnswers } from './pg-restart.mjs';
import { freePort } from './processes.mjs';

/** A command run without blocking: the drill's clients and stand-in servers keep running meanwhile. */
const run = promisify(execFile);

function postgresBin() {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
async function asPostgres(tool, args) {
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const [command, ...rest] = [...runAs, tool, ...args];
  await run(command, rest);
}

/**
 * A new cluster in `folder`, started: its `url`, `stop(mode)` (pg_ctl's shutdown mode: `fast`, or
 * `immediate`, which ends every server process at once and makes the next start recover from the
 * log as after a crash), `start()` and `answers()` (whether it serves a query now); each a promise.
 */
export async function startPostgres(folder) {
  const bin = postgresBin();
  const data = join(folder, 'pgdata');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
    chownSync(folder, uid, gid);
  }
  await asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = (...args) => asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', join(folder, 'pg.log'), ...args]);
  await pgCtl('-o', options, '-w', 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    version: bin.split('/').at(-2),
    stop: (mode = 'fast') => pgCtl('-m', mode, '-w', 'stop'),
    start: () => pgCtl('-o', options, '-w', 'start'),
    answers: () => postgresAnswers(url),
  };
}

/** A redis-server on `port` without persistence, started: `stop()` ends it (SIGTERM). */
export async function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 100; i++) {
    try {
      await run('redis-cli', ['-p', String(port), 'ping']);
      return {
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      };
    } catch {
      await sleep(50);
    }
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
