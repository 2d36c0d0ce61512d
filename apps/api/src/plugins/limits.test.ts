import { randomInt } from 'node:crypto';
import { E, memberEndpoints as endpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desk } from '../../test/desk.ts';
import { testApp } from '../../test/harness.ts';
import { createMember, post } from '../../test/members.ts';
import { enrolledStaff } from '../../test/staff.ts';
import { DEFAULT_LIMITS, LOOKUP_ANSWER_KEY, scaleLimits } from './limits/rules.ts';

const SIGN_IN = '/api/external/auth/auth';
const STATUS = '/api/external/home/maintenanceStatus';

/** Every test bans its own address (never 127.0.0.1, which the other test files use). */
const testIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

// Factor 0.1: sign-in 3 per 10 minutes, failed sign-ins 1, everything 60 per minute.
const FACTOR = '0.1';
const limits = scaleLimits(0.1);

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp({ RATE_LIMIT_FACTOR: FACTOR }));
});
afterAll(() => app.close());

const get = (a: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
  a.inject({ method: 'GET', url: STATUS, remoteAddress: ip, headers });

async function banByFailedSignIns(a: FastifyInstance, ip: string) {
  for (let i = 0; i <= limits.failedSignIn.max; i++) {
    await post(a, SIGN_IN, { username: 'nosuchuser9', password: 'wrong1' }, { ip });
  }
}

describe('per-IP limits', () => {
  it('are tighter on sign-in, sign-up, OTP, forgot password, forgot username and uploads, and name real endpoints', () => {
    const paths = new Set(Object.values(endpoints).map((e) => e.path));
    for (const name of [
      'signIn',
      'signUp',
      'forgotPassword',
      'forgotUsername',
      'confirmOtp',
      'changePassword',
      'uploadKyc',
      'uploadImgFile',
      'stageKycImage',
    ] as const) {
      const rule = DEFAULT_LIMITS.byPath[endpoints[name].path];
      expect(rule, name).toBeDefined();
      expect((rule?.max ?? 0) * (60_000 / (rule?.windowMs ?? 1))).toBeLessThan(DEFAULT_LIMITS.general.max);
    }
    // Every key names a real endpoint, except the one the services count lookup answers under.
    for (const path of Object.keys(DEFAULT_LIMITS.byPath)) {
      if (path !== LOOKUP_ANSWER_KEY) expect(paths.has(path), path).toBe(true);
    }
  });

  it('ban an IP over the sign-in limit for 60 minutes with code 4290060, on every endpoint', async () => {
    const ip = testIp();
    const m = await createMember(app);
    for (let i = 0; i < (limits.byPath[SIGN_IN]?.max ?? 0); i++) {
      expect(
        (await post(app, SIGN_IN, { username: m.username, password: m.password }, { ip })).body.code,
      ).toBe(0);
    }
    const over = await post(app, SIGN_IN, { username: m.username, password: m.password }, { ip });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 4290060, message: E.IP_BANNED.en, result: null });
    const elsewhere = await get(app, ip, { 'accept-language': 'th' });
    expect(elsewhere.json()).toEqual({ code: 4290060, message: E.IP_BANNED.th, result: null });
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(3500);
    const row = await app.database.db
      .selectFrom('ip_bans')
      .selectAll()
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(row.until.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.until.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect((await get(app, testIp())).json().code).toBe(0);
  });

  it('count only API calls: the health probes and the app files never use up the budget of an IP', async () => {
    const ip = testIp();
    for (let i = 0; i <= limits.general.max; i++) {
      const res = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    const res = await get(app, ip);
    expect(res.json().code).toBe(0);
  });

  it('count a call however its path is spelt: a percent-encoded path reaches the same route and the same limits', async () => {
    const ip = testIp();
    const encoded = (path: string) => path.replace('/api/', '/%61pi/');
    for (let i = 0; i < (limits.byPath[SIGN_IN]?.max ?? 0); i++) {
      await post(app, encoded(SIGN_IN), { username: 'nosuchuser9', password: 'x' }, { ip });
    }
    expect((await get(app, ip)).json().code).toBe(4290060);
    const banned = await app.inject({ method: 'GET', url: encoded(STATUS), remoteAddress: ip });
    expect(banned.json().code).toBe(4290060);
  });

  it('tell when to try again from the answer that starts the ban on: Retry-After on the first 4290060 too', async () => {
    // One address goes over the sign-in limit with right passwords, one over the wrong-password limit.
    const m = await createMember(app);
    const overLimit = testIp();
    for (let i = 0; i < (limits.byPath[SIGN_IN]?.max ?? 0); i++) {
      await post(app, SIGN_IN, { username: m.username, password: m.password }, { ip: overLimit });
    }
    const wrongPasswords = testIp();
    for (let i = 0; i < limits.failedSignIn.max; i++) {
      await post(app, SIGN_IN, { username: m.username, password: 'wrong1' }, { ip: wrongPasswords });
    }
    for (const [ip, password] of [
      [overLimit, m.password],
      [wrongPasswords, 'wrong1'],
    ] as const) {
      const first = await post(app, SIGN_IN, { username: m.username, password }, { ip });
      expect(first.body.code).toBe(E.IP_BANNED.code);
      expect(Number(first.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(3600);
      const next = await get(app, ip);
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(3500);
    }
  });

  it('count failed sign-ins too', async () => {
    const ip = testIp();
    await banByFailedSignIns(app, ip);
    expect((await get(app, ip)).json().code).toBe(4290060);
  });

  it('let no more wrong passwords through than the limit, however many arrive at once', async () => {
    const { app: strict } = await testApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const ip = testIp();
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          post(strict, SIGN_IN, { username: 'nosuchuser9', password: 'wrong1' }, { ip }),
        ),
      );
      const tried = answers.filter((a) => a.body.code === E.BAD_CREDENTIALS.code).length;
      process.stdout.write(
        `limits: ${tried} of 60 simultaneous wrong sign-ins were checked (limit ${DEFAULT_LIMITS.failedSignIn.max})\n`,
      );
      expect(tried).toBe(DEFAULT_LIMITS.failedSignIn.max);
      expect(
        answers.every((a) => a.body.code === E.BAD_CREDENTIALS.code || a.body.code === E.IP_BANNED.code),
      ).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('refuse a banned IP before the body is read and before any password hashing', async () => {
    const ip = testIp();
    await banByFailedSignIns(app, ip);
    const verify = vi.spyOn(app.services.passwords, 'verify');
    const hash = vi.spyOn(app.services.passwords, 'hash');
    try {
      const malformed = await app.inject({
        method: 'POST',
        url: SIGN_IN,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.json().code).toBe(4290060);
      const signUp = await post(app, '/api/external/user/signUp', {}, { ip });
      expect(signUp.body.code).toBe(4290060);
      expect(verify).not.toHaveBeenCalled();
      expect(hash).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      hash.mockRestore();
    }
  });

  it('keep the ban after a restart, in another server process and after the counting window', async () => {
    const ip = testIp();
    await banByFailedSignIns(app, ip);
    // A second app on the same database: what a restarted or a parallel server sees. Its counters
    // start at zero, as after a window reset; the ban holds anyway.
    const { app: other } = await testApp({ RATE_LIMIT_FACTOR: FACTOR });
    try {
      expect((await get(other, ip)).json().code).toBe(4290060);
    } finally {
      await other.close();
    }
  });

  it('are lifted by `npm run desk -- unban <ip>`', async () => {
    const ip = testIp();
    await banByFailedSignIns(app, ip);
    const operator = await enrolledStaff(app, 'operator');
    const { code, stdout } = await desk(['unban', `::ffff:${ip}`], { database: app.database, as: operator });
    expect(code).toBe(0);
    expect(stdout).toContain(`The ban on ${ip} is lifted.`);
    const { app: fresh } = await testApp({ RATE_LIMIT_FACTOR: FACTOR });
    try {
      expect((await get(fresh, ip)).json().code).toBe(0);
    } finally {
      await fresh.close();
    }
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id'])
      .where('action', '=', 'limits.unban')
      .where('target', '=', `ip:${ip}`)
      .execute();
    expect(audit).toEqual([{ actor_type: 'staff', actor_id: String(operator.id) }]);
  });
});

describe('the client IP', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const proxy = testIp();
    await banByFailedSignIns(app, proxy);
    // Not trusted: a forwarded address does not get a banned client out of its ban.
    expect((await get(app, proxy, { 'x-forwarded-for': testIp() })).json().code).toBe(4290060);
  });

  it('follows X-Forwarded-For from a trusted proxy', async () => {
    const { app: behindProxy } = await testApp({ RATE_LIMIT_FACTOR: FACTOR, TRUST_PROXY: 'true' });
    try {
      const proxy = testIp();
      const client = testIp();
      const viaProxy = { 'x-forwarded-for': client };
      for (let i = 0; i <= limits.failedSignIn.max; i++) {
        await post(
          behindProxy,
          SIGN_IN,
          { username: 'nosuchuser9', password: 'x' },
          { ip: proxy, headers: viaProxy },
        );
      }
      expect((await get(behindProxy, proxy, viaProxy)).json().code).toBe(4290060);
      expect((await get(behindProxy, proxy, { 'x-forwarded-for': testIp() })).json().code).toBe(0);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('TRUST_PROXY=true', () => {
  it('is warned about at start: the client writes the left-most X-Forwarded-For entry itself', async () => {
    const lines: string[] = [];
    const { app: proxied } = await testApp(
      { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    await proxied.close();
    const warnings = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringContaining('TRUST_PROXY=true'));
  });
});

describe('with REDIS_URL', () => {
  it('keeps serving, counting in the database, when Redis cannot be reached', async () => {
    const { app: noRedis } = await testApp({ RATE_LIMIT_FACTOR: FACTOR, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await get(noRedis, testIp())).json().code).toBe(0);
    } finally {
      await noRedis.close();
    }
  });

  // Needs a Redis server: run in the PostgreSQL project (api-pg), whose machines have the local
  // Redis at 127.0.0.1:6379 (or REDIS_URL). The PGlite project runs on a bare machine without one.
  if (process.env.TEST_DB === 'pg') {
    it('shares the counters between server processes', async () => {
      const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
      const env = { RATE_LIMIT_FACTOR: FACTOR, REDIS_URL: redisUrl };
      const [{ app: a }, { app: b }] = await Promise.all([testApp(env), testApp(env)]);
      try {
        const ip = testIp();
        // Each process alone stays under the limit; together they go over it.
        const max = limits.general.max;
        for (let i = 0; i < max; i++) expect((await get(i % 2 ? a : b, ip)).json().code).toBe(0);
        expect((await get(a, ip)).json().code).toBe(4290060);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }
});
