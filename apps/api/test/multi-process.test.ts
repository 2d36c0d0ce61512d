import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { E } from '@bahtdesk/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleLimits } from '../src/plugins/limits/rules.ts';
import { bundleServer, root, Server } from './servers.ts';

/**
 * The multi-process mode of docs/deploy.md, on this machine: two real API processes (the
 * esbuild bundle of src/server.ts) on one fresh PostgreSQL database and one Redis. Project api-pg
 * only (TEST_DATABASE_URL); Redis at REDIS_URL or redis://127.0.0.1:6379.
 */

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

/** A test client address of its own (benchmark range), so runs and other tests never share counters. */
const testIp = () => `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}`;

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

    const bundle = await bundleServer(bundleDir);

    const env = {
      DATABASE_URL: databaseUrl.toString(),
      SEED_DEMO: 'true',
      REDIS_URL: redisUrl,
      RATE_LIMIT_FACTOR: String(FACTOR),
      TRUST_PROXY: '1', // one proxy hop: the test plays the proxy and names the client in X-Forwarded-For
      ARGON2_MEMORY_KIB: '1024',
      LOG_LEVEL: 'warn',
    };
    // Started together on an empty database: both migrate and seed it, once between them.
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
        usdtAddress: {
          network: 'BEP20',
          uid: '12345678',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        },
      },
    });
    expect(signUp.body.code).toBe(0);
    const token = signUp.body.result?.period.token ?? '';

    const onB = await b.call<{ username: string }>('POST', PROFILE, { ip, token });
    expect(onB.body.code).toBe(0);
    expect(onB.body.result?.period.username).toBe(username);

    expect((await a.call('POST', LOGOUT, { ip, token })).body.code).toBe(0);
    // B checked the session from memory; the event bus tells it the session ended, within a second.
    const started = performance.now();
    let afterLogout = await b.call('POST', PROFILE, { ip, token });
    while (afterLogout.body.code === 0 && performance.now() - started < 1000) {
      await sleep(10);
      afterLogout = await b.call('POST', PROFILE, { ip, token });
    }
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.code).toBe(E.LOGGED_OUT.code);
    expect(E.LOGGED_OUT.code).toBe(502);
  });

  it('share the per-IP counters: calls split across A and B ban the IP at the one shared limit', async () => {
    const ip = testIp();
    const { max } = limits.general;
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
