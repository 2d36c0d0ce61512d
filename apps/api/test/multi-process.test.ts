import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CLIENT_SIGNATURE_HEADER, E, type Envelope } from '@bahtdesk/contract';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleLimits } from '../src/plugins/limits/rules.ts';

/**
 * The multi-process mode of design section 6, on this machine: two real API processes (the
 * esbuild bundle of src/server.ts) on one fresh PostgreSQL database and one Redis. Project api-pg
 * only (TEST_DATABASE_URL); Redis at REDIS_URL or redis://127.0.0.1:6379.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FACTOR = 0.1;
const limits = scaleLimits(FACTOR);

const SIGN_UP = '/api/external/user/signUp';
const SIGN_IN = '/api/external/auth/auth';
const LOGOUT = '/api/external/auth/logout';
const PROFILE = '/api/external/user/profile';
const STATUS = '/api/external/home/maintenanceStatus';

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisUp = await redisAnswers();
if (!redisUp) process.stdout.write(`multi-process test did not run: Redis at ${redisUrl} is not reachable\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A test client address of its own (benchmark range), so runs and other tests never share counters. */
const testIp = () => `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}`;

class Server {
  readonly url: string;
  readonly output: string[] = [];
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => this.output.push(String(d)));
  }

  static async start(name: string, bundle: string, env: Record<string, string>): Promise<Server> {
    const port = await freePort();
    const inherited = { ...process.env };
    for (const key of ['VITEST', 'TEST_DB', 'TEST_DATABASE_URL', 'SMTP_URL', 'API_URL', 'CORS_ORIGINS']) {
      delete inherited[key];
    }
    const child = spawn(process.execPath, [bundle], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Server(name, child, port);
  }

  async ready(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) break;
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {}
      await sleep(100);
    }
    throw new Error(`server ${this.name} did not start:\n${this.output.join('')}`);
  }

  /** SIGTERM (graceful shutdown), then SIGKILL if it is still running after 5 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  async call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    { ip, token, body, signature }: { ip: string; token?: string; body?: unknown; signature?: string },
  ): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (token) headers.authorization = `Bearer ${token}`;
    if (signature) headers[CLIENT_SIGNATURE_HEADER] = signature;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
  }

  async signature(ip: string): Promise<string> {
    const res = await this.call<{ clientSignature: string }>('GET', '/api/clientSignature', { ip });
    return res.body.result?.period.clientSignature ?? '';
  }
}

/** Fixed counting windows: when fewer than `needMs` are left in the current one, wait for the next. */
async function startOfWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 50);
}

describe.skipIf(!redisUp)('two API processes on one PostgreSQL and one Redis', () => {
  const dbName = `bahtdesk_mp_${process.pid}`;
  const bundleDir = path.join(root, 'node_modules', '.cache', `bahtdesk-multi-process-${process.pid}`);
  let admin: pg.Client;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${dbName}`;

    // The server as production runs it: src/server.ts bundled by esbuild, npm packages external
    // (resolved from the repository's node_modules), the workspace's own packages bundled in.
    mkdirSync(bundleDir, { recursive: true });
    await build({
      entryPoints: [path.join(root, 'apps/api/src/server.ts')],
      outfile: path.join(bundleDir, 'server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          name: 'externalize-npm-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@bahtdesk/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });

    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      RATE_LIMIT_FACTOR: String(FACTOR),
      TRUST_PROXY: '1', // one proxy hop: the test plays the proxy and names the client in X-Forwarded-For
      ARGON2_MEMORY_KIB: '1024',
      LOG_LEVEL: 'warn',
    };
    // Started together on an empty database: both migrate and seed it, once between them.
    const bundle = path.join(bundleDir, 'server.js');
    [a, b] = await Promise.all([Server.start('A', bundle, env), Server.start('B', bundle, env)]);
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('a session made on A works on B, and a logout on A is seen by B (502)', async () => {
    const ip = testIp();
    const username = `mp${Date.now().toString(36)}${randomInt(0, 1000)}`.slice(0, 20);
    // The clientSignature of B is accepted by A: both share its key through the database.
    const signUp = await a.call<{ token: string }>('POST', SIGN_UP, {
      ip,
      signature: await b.signature(ip),
      body: {
        username,
        password: 'abc123',
        confirmPassword: 'abc123',
        firstName: 'Somchai',
        lastName: 'Jaidee',
        phone: `08${randomInt(0, 100_000_000).toString().padStart(8, '0')}`,
        email: `${username}@example.com`,
        usdtAddress: { network: 'BEP20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      },
    });
    expect(signUp.body.code).toBe(0);
    const token = signUp.body.result?.period.token ?? '';

    const onB = await b.call<{ username: string }>('POST', PROFILE, { ip, token });
    expect(onB.body.code).toBe(0);
    expect(onB.body.result?.period.username).toBe(username);

    expect((await a.call('POST', LOGOUT, { ip, token })).body.code).toBe(0);
    const afterLogout = await b.call('POST', PROFILE, { ip, token });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.code).toBe(E.LOGGED_OUT.code);
    expect(E.LOGGED_OUT.code).toBe(502);
  });

  it('share the per-IP counters: calls split across A and B ban the IP at the one shared limit', async () => {
    const ip = testIp();
    const { max, windowMs } = limits.general;
    await startOfWindow(windowMs, 5000);
    // Each process sees only half of them: alone, neither would be over the limit.
    for (let i = 0; i < max; i++) {
      const res = await (i % 2 ? a : b).call('GET', STATUS, { ip });
      expect(res.body.code, `call ${i + 1} of ${max}`).toBe(0);
    }
    const over = await a.call('GET', STATUS, { ip });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(E.IP_BANNED.code);
    expect((await b.call('GET', STATUS, { ip })).body.code).toBe(E.IP_BANNED.code);
    // Another address is not affected.
    expect((await b.call('GET', STATUS, { ip: testIp() })).body.code).toBe(0);
  });

  it('a ban made on A is refused on B with 4290060', async () => {
    const ip = testIp();
    const b0 = await b.call('GET', STATUS, { ip });
    expect(b0.body.code).toBe(0);
    // Failed sign-ins on A until A bans the address.
    let last = 0;
    for (let i = 0; i <= limits.failedSignIn.max && last !== E.IP_BANNED.code; i++) {
      const res = await a.call('POST', SIGN_IN, {
        ip,
        signature: await a.signature(ip),
        body: { username: 'nosuchmember', password: 'wrong1' },
      });
      last = res.body.code;
    }
    expect((await a.call('GET', STATUS, { ip })).body.code).toBe(E.IP_BANNED.code);
    // B remembers its own answer for this address for up to a second, then asks the database.
    await sleep(1100);
    const onB = await b.call('GET', STATUS, { ip });
    expect(onB.status).toBe(429);
    expect(onB.body).toEqual({ code: E.IP_BANNED.code, message: E.IP_BANNED.en, result: null });
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});
