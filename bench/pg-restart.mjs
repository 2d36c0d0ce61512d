// `npm run bench -- pg-restart` (needs BENCH_DATABASE_URL): restarts the local PostgreSQL under a
// running server and prints how it went: whether the server process lived through it, how long
// the database was away, and how long after it came back /readyz answered 200 again (the target
// is within a second). It polls /readyz every 25 ms throughout and asserts nothing.
// It restarts the machine's PostgreSQL cluster (pg_ctlcluster), so it never runs by default.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { startApi } from './processes.mjs';

const POLL_MS = 25;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether PostgreSQL at `url` answers a query now (a short connect timeout, never throws). */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function readyz(url) {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function measurePostgresRestart(postgresUrl) {
  const version = readdirSync('/etc/postgresql')[0];
  const api = await startApi({ postgresUrl });
  const timeline = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      timeline.push({ at: performance.now(), status: await readyz(api.url) });
      await sleep(POLL_MS);
    }
  })();
  try {
    await sleep(500);
    const stoppedAt = performance.now();
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '-m', 'fast']);
    await sleep(1_000);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    while (!(await postgresAnswers(postgresUrl))) await sleep(10);
    const backAt = performance.now();
    let readyAt;
    while (performance.now() - backAt < 10_000) {
      readyAt = timeline.find((t) => t.at >= backAt && t.status === 200)?.at;
      if (readyAt) break;
      await sleep(POLL_MS);
    }
    polling = false;
    await poller;
    const during = timeline.filter((t) => t.at >= stoppedAt && t.at < backAt);
    return {
      version,
      awayMs: backAt - stoppedAt,
      notReadyWhileAway: during.filter((t) => t.status === 503).length,
      polledWhileAway: during.length,
      readyAfterBackMs: readyAt === undefined ? undefined : readyAt - backAt,
      serverAlive: alive(api.pid),
    };
  } finally {
    polling = false;
    await poller;
    await api.stop();
  }
}

export function printPostgresRestart(r) {
  console.log(`PostgreSQL ${r.version} stopped (fast) and started again under the running server:`);
  console.log(
    `  database away for ${(r.awayMs / 1000).toFixed(2)} s; /readyz polled ${r.polledWhileAway} times meanwhile, ${r.notReadyWhileAway} answered 503`,
  );
  console.log(
    r.readyAfterBackMs === undefined
      ? '  /readyz did NOT answer 200 within 10 s of the database coming back'
      : `  /readyz answered 200 again ${Math.round(r.readyAfterBackMs)} ms after the database came back (target: within 1 s: ${r.readyAfterBackMs <= 1_000 ? 'met' : 'NOT met'})`,
  );
  console.log(`  the server process ${r.serverAlive ? 'lived through it' : 'DIED'}`);
}
