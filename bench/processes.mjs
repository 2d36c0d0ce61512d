// Child processes for the benches: the built API server on a fresh PGlite folder, the baseline
// hello-world, each on a free loopback port, waited for until it answers and stopped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const repoRoot = new URL('..', import.meta.url).pathname;

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <script> ...args` with PORT set (`port`, or a free one), waits until `readyPath`
 * answers 200 (at most `timeoutMs`) and returns { url, pid, stop }.
 */
export async function startNode(
  script,
  { args = [], env = {}, readyPath = '/', timeoutMs = 90_000, port: wanted } = {},
) {
  const port = wanted ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (exited) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await done;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${script} exited while starting:\n${stderr}`);
    try {
      const response = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return { url, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${script} did not answer within ${timeoutMs / 1000} s:\n${stderr}`);
}

/**
 * The built API server on a fresh database: a new PGlite folder, or, given `postgresUrl` (a
 * server on loopback), a new database created there; either is removed at stop. It logs as in
 * production (LOG_LEVEL=info: a line per request, to /dev/null here). The abuse limits stay on
 * but are raised far above what a load generator sends, so the bench measures served requests,
 * not bans. Both get the demo data (SEED_DEMO, which PostgreSQL does not seed unless asked).
 * `env` adds variables; `prepare(env)` runs on the seeded database with the server stopped (e.g.
 * the CLI): the server starts once to seed (the demo goes only into an empty desk), stops, and
 * starts again after it.
 */
export async function startApi({ postgresUrl, env: extra = {}, prepare } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bahtdesk-bench-'));
  const database = postgresUrl ? await createDatabase(postgresUrl) : undefined;
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: join(dataDir, 'data'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_FACTOR: '1000000',
    DATABASE_URL: database?.url ?? '',
    SEED_DEMO: 'true',
    REDIS_URL: '',
    SMTP_URL: '',
    API_URL: '',
    TRUST_PROXY: '',
    ...extra,
  };
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const start = () => startNode('apps/api/dist/server.js', { env, readyPath: '/readyz' });
    let server = await start();
    if (prepare) {
      // Work on the seeded database while no server holds it (the operator CLI on the same folder).
      await server.stop();
      prepare(env);
      server = await start();
    }
    return {
      url: server.url,
      pid: server.pid,
      /** PostgreSQL only: the database, which lives until `stop`. */
      databaseUrl: database?.url,
      /** Stops the server only: its database stays until `stop`. */
      stopServer: server.stop,
      async stop() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A new, empty database beside the one `url` names (same server, loopback only). */
export async function createDatabase(url) {
  const admin = new URL(url);
  if (!admin.hostname.startsWith('127.') && admin.hostname !== 'localhost') {
    throw new Error(`benches run on loopback only, not ${admin.hostname}`);
  }
  const name = `bahtdesk_bench_${Date.now()}_${process.pid}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Signs a new member up through the API (a clientSignature, then signUp, as the member app does)
 * and returns the bearer token of the session sign-up opens.
 */
export async function signUpMember(apiUrl) {
  const signature = await fetch(`${apiUrl}/api/clientSignature`).then((r) => r.json());
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}`.slice(-10);
  const response = await fetch(`${apiUrl}/api/external/user/signUp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client-signature': signature.result.period.clientSignature,
    },
    body: JSON.stringify({
      username: `bench${suffix}`,
      password: 'benchpass1',
      confirmPassword: 'benchpass1',
      firstName: 'Bench',
      lastName: 'Member',
      phone: `08${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      email: `bench${suffix}@example.com`,
      usdtAddress: {
        network: 'SOLANA',
        uid: '12345678',
        address: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
      },
    }),
  });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`sign-up for the bench failed: ${JSON.stringify(body)}`);
  return body.result.period.token;
}
