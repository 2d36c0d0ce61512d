import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { E, type RateResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/connection.ts';
import { LIVENESS } from '../src/events/bus.ts';
import { createPasswordHasher } from '../src/modules/passwords/index.ts';
import { desk as runDesk } from './desk.ts';
import { testApp } from './harness.ts';
import { buy, CREATE } from './orders.ts';
import { bundleServer, root, Server } from './servers.ts';
import { createTrader } from './traders.ts';

/**
 * The event bus between real processes (decision 0012): two API processes (the production bundle)
 * on one fresh PostgreSQL database, no Redis. A change made in one process, or by the operator
 * CLI, reaches the other's cache and its open back-office event streams within a second, also after
 * the listening connections were cut as a PostgreSQL restart cuts them; and a process whose
 * listener goes quiet without an error stops trusting its cache (decision 0054). Project api-pg only.
 */

const RATE = '/api/external/home/getRate';
const LIST = '/api/external/transaction/getTransactionList';
const PROFILE = '/api/external/user/profile';

/** Polls `read` until it gives `want`; returns how long that took (ms), or throws after `boundMs`. */
async function until<T>(read: () => Promise<T>, want: T, boundMs = 5_000): Promise<number> {
  const started = performance.now();
  let last: T | undefined;
  while (performance.now() - started < boundMs) {
    last = await read();
    if (last === want) return performance.now() - started;
    await sleep(10);
  }
  throw new Error(`still ${String(last)} instead of ${String(want)} after ${boundMs} ms`);
}

/** How the event bus listener of a server process names itself in pg_stat_activity. */
const listenerOf = (server: Server) => `bahtdesk-bus-${server.pid}`;

/** An open server-sent event stream: the names of the events received so far. */
async function openEvents(server: Server, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/admin/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const names: string[] = [];
  const state = { ended: false };
  const reader = res.body?.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        for (const match of buffered.matchAll(/^event: (.+)$/gm)) names.push(match[1] ?? '');
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
      }
      state.ended = true;
    } catch {
      // aborted
    }
  })();
  return { names, state, close: () => controller.abort() };
}

describe('the event bus between two API processes on one PostgreSQL', () => {
  const dbName = `bahtdesk_events_${process.pid}`;
  const bundleDir = path.join(root, 'node_modules', '.cache', `bahtdesk-events-${process.pid}`);
  let admin: pg.Client;
  let databaseUrl: string;
  let a: Server;
  let b: Server;
  let staffToken: string;
  /** An app in the test process on the same database, to make a member who may trade. */
  let helper: { app: FastifyInstance; database: Database } | undefined;

  /** A new session of the staff member, made as the sign-in would store it. */
  const newStaffSession = async () => {
    const token = randomBytes(32).toString('base64url');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into staff_sessions (staff_id, token_hash, second_factor_at, expires_at)
       select id, $1, now(), now() + interval '1 hour' from staff where username = 'eventsadmin'`,
      [createHash('sha256').update(token).digest('hex')],
    );
    await db.end();
    return token;
  };

  /** The staff member whose sessions the tests use; the command line signs in as them. */
  const eventsAdmin = {
    username: 'eventsadmin',
    password: 'events-admin-password',
    secret: new Secret().base32,
  };
  const desk = async (...argv: string[]) => {
    const ran = await runDesk(argv, {
      env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      as: eventsAdmin,
    });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
  };
  const rateOn = async (server: Server) =>
    (await server.call<RateResult>('POST', RATE, { ip: '127.0.0.1', body: {} })).body.result?.period.buyRate;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const parsed = new URL(url);
    parsed.pathname = `/${dbName}`;
    databaseUrl = parsed.toString();
    const bundle = await bundleServer(bundleDir);
    const env = {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true', // the demo rates, read before the first change
      ARGON2_MEMORY_KIB: '1024',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '100',
    };
    a = await Server.start('A', bundle, env);
    await a.ready();
    b = await Server.start('B', bundle, env);
    await b.ready();

    // A staff session for the back-office calls, made as the sign-in would store it.
    staffToken = randomBytes(32).toString('base64url');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      `insert into staff (username, password_hash, role, totp_secret) values ($1, $2, 'admin', $3) returning id`,
      [
        eventsAdmin.username,
        await createPasswordHasher({ memoryCost: 1024, timeCost: 2, parallelism: 1 }).hash(
          eventsAdmin.password,
        ),
        eventsAdmin.secret,
      ],
    );
    await db.query(
      `insert into staff_sessions (staff_id, token_hash, second_factor_at, expires_at)
       values ($1, $2, now(), now() + interval '1 hour')`,
      [rows[0]?.id, createHash('sha256').update(staffToken).digest('hex')],
    );
    await db.end();
  }, 60_000);

  afterAll(async () => {
    await helper?.app.close();
    await helper?.database.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('a rate set on A is served by B within a second, and B’s open back-office stream hears it', async () => {
    expect(await rateOn(b)).toBe('36.50'); // the seed's, now cached by B
    const stream = await openEvents(b, staffToken);
    const res = await a.call('POST', '/api/admin/rates', {
      ip: '127.0.0.1',
      token: staffToken,
      body: { buyRate: '36.80', sellRate: '35.10', sellFeePercent: '1' },
    });
    expect(res.body.code).toBe(0);
    const ms = await until(() => rateOn(b), '36.80');
    process.stdout.write(`events: a rate set on A was served by B after ${ms.toFixed(1)} ms\n`);
    expect(ms).toBeLessThan(1000);
    await until(async () => stream.names.includes('rates.changed'), true);
    stream.close();
  });

  it('a change made by the operator CLI reaches both processes within a second', async () => {
    await desk('rates:set', '--buy', '36.90', '--sell', '35.20', '--fee', '1');
    expect(await until(() => rateOn(a), '36.90')).toBeLessThan(1000);
    expect(await until(() => rateOn(b), '36.90')).toBeLessThan(1000);
  });

  it('a back-office stream open on B closes when its session is ended on A', async () => {
    const token = await newStaffSession();
    const other = await openEvents(b, staffToken);
    const stream = await openEvents(b, token);
    const started = performance.now();
    const res = await a.call('POST', '/api/admin/auth/logout', { ip: '127.0.0.1', token, body: {} });
    expect(res.body.code).toBe(0);
    await until(async () => stream.state.ended, true);
    process.stdout.write(
      `events: B closed the stream ${(performance.now() - started).toFixed(1)} ms after A ended its session\n`,
    );
    // The stream of the staff member's other session on B stays open.
    expect(other.state.ended).toBe(false);
    other.close();
  });

  it('a member session ended on A is refused by B within a second, though B checks sessions from memory', async () => {
    const token = randomBytes(32).toString('base64url');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      `insert into members (username, password_hash, first_name, last_name, phone, email)
       values ('eventsmember', 'x', 'Somchai', 'Jaidee', '0812345678', 'eventsmember@example.com') returning id`,
    );
    await db.query(
      `insert into member_sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`,
      [rows[0]?.id, createHash('sha256').update(token).digest('hex')],
    );
    await db.end();
    const profileOn = async (server: Server) =>
      (await server.call('POST', '/api/external/user/profile', { ip: '127.0.0.1', token, body: {} })).body
        .code;
    // B has checked the session once and keeps that check (decision 0066).
    expect(await profileOn(b)).toBe(0);
    expect(await profileOn(b)).toBe(0);
    const res = await a.call('POST', '/api/external/auth/logout', { ip: '127.0.0.1', token, body: {} });
    expect(res.body.code).toBe(0);
    expect(await profileOn(a)).toBe(E.LOGGED_OUT.code);
    // Without the event, B would trust its check until the session's next touch (a minute): a
    // 10 s bound tells the two apart on a busy machine; the time is printed, not asserted.
    const ms = await until(() => profileOn(b), E.LOGGED_OUT.code, 10_000);
    process.stdout.write(
      `events: B refused the member's ended session ${ms.toFixed(1)} ms after A ended it\n`,
    );
  });

  it('a member’s history and profile, kept by both processes, show a change made outside both (decision 0085)', async () => {
    helper ??= await (async () => {
      const database = openPostgres(databaseUrl);
      return { database, app: (await testApp({}, { database })).app };
    })();
    const trader = await createTrader(helper.app);
    const ip = '127.0.0.1';
    const rate = (await rateOn(a)) ?? '';
    const created = await a.call<{ id: string }>('POST', CREATE, {
      ip,
      token: trader.token,
      signature: await a.signature(ip),
      body: buy(trader, '10000.00', rate),
    });
    expect(created.body.code).toBe(0);
    const statusOn = async (server: Server) =>
      (
        await server.call<{ items: { status: string }[] }>('POST', LIST, {
          ip,
          token: trader.token,
          body: { filter: 'today' },
        })
      ).body.result?.period.items[0]?.status;
    const nameOn = async (server: Server) =>
      (await server.call<{ firstName: string }>('POST', PROFILE, { ip, token: trader.token, body: {} })).body
        .result?.period.firstName;
    // Each process reads (and keeps) the page and the profile.
    for (const server of [a, b]) {
      expect(await statusOn(server)).toBe('pending');
      expect(await nameOn(server)).not.toBe('Changed');
    }
    // A writer no process knows of: only the database's own notice can tell them.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`update transactions set status = 'request' where public_id = $1`, [
      created.body.result?.period.id,
    ]);
    await db.query(`update members set first_name = 'Changed' where id = $1`, [trader.id]);
    await db.end();
    for (const server of [a, b]) {
      const ms = await until(() => statusOn(server), 'request', 10_000);
      await until(() => nameOn(server), 'Changed', 10_000);
      process.stdout.write(
        `events: ${server.name} showed the changed order ${ms.toFixed(1)} ms after the commit\n`,
      );
    }
  });

  it('survives the listening connections being cut, as a PostgreSQL restart cuts them', async () => {
    const stream = await openEvents(b, staffToken);
    const listeners = [listenerOf(a), listenerOf(b)];
    const cut = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and application_name = any($2)`,
      [dbName, listeners],
    );
    expect(cut.rowCount).toBe(2);
    // Both processes listen again (each reconnects on its own)...
    await until(
      async () =>
        (
          await admin.query(
            `select count(*)::int as n from pg_stat_activity
             where datname = $1 and application_name = any($2) and query like 'listen bahtdesk_beat_%'`,
            [dbName, listeners],
          )
        ).rows[0]?.n,
      2,
    );
    // ...and a change after that reaches B's cache and its stream.
    await desk('rates:set', '--buy', '37.00', '--sell', '35.20', '--fee', '1');
    expect(await until(() => rateOn(b), '37.00')).toBeLessThan(1000);
    await until(async () => stream.names.includes('rates.changed'), true);
    stream.close();
    expect(a.output.join('')).toContain('event bus listener lost its connection; reconnecting');
  });

  it(`a process whose listener goes quiet serves the new rate and refuses an order at the old one within ${
    (2 * LIVENESS.beatMs + LIVENESS.quietAfterMs) / 1000
  } s, logs it, and its open stream is told to read again`, async () => {
    helper ??= await (async () => {
      const database = openPostgres(databaseUrl);
      return { database, app: (await testApp({}, { database })).app };
    })();
    const trader = await createTrader(helper.app);
    const ip = '127.0.0.1';
    const order = async (rate: string) =>
      (
        await b.call('POST', CREATE, {
          ip,
          token: trader.token,
          signature: await b.signature(ip),
          body: buy(trader, '10000.00', rate),
        })
      ).body.code;

    // B holds the rates in its cache, and a back-office page is open on B.
    const before = (await b.call<RateResult>('POST', RATE, { ip, body: {} })).body.result?.period;
    if (!before) throw new Error('no rates');
    const old = before.buyRate;
    const stream = await openEvents(b, staffToken);
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name = $2',
      [dbName, listenerOf(b)],
    );
    const backend = rows[0]?.pid;
    if (!backend) throw new Error(`no listener of B in pg_stat_activity`);

    // B's listening backend stops: its connection stays open and says nothing, as one behind a
    // NAT that dropped it would. It stays stopped until B has noticed, and past the checks below.
    process.kill(backend, 'SIGSTOP');
    try {
      const current = (Number(old) + 0.1).toFixed(2);
      const set = await a.call('POST', '/api/admin/rates', {
        ip,
        token: staffToken,
        body: { buyRate: current, sellRate: before.sellRate, sellFeePercent: before.sellFeePercent },
      });
      expect(set.body.code).toBe(0);
      const changed = performance.now();
      await until(() => rateOn(b), current, 10_000);
      expect(await order(old)).toBe(E.RATE_MISMATCH.code);
      const ms = performance.now() - changed;
      process.stdout.write(
        `events: B, its listener stopped, served the new rate and refused the old one ${ms.toFixed(0)} ms after the change\n`,
      );
      expect(ms).toBeLessThan(10_000);
      expect(await order(current)).toBe(0);
      // B says so in its log, and its open stream is told to read the rates (among the rest) again.
      expect(b.output.join('')).toContain('event bus listener went quiet');
      await until(async () => stream.names.includes('rates.changed'), true, 10_000);
    } finally {
      stream.close();
      process.kill(backend, 'SIGCONT');
    }
    // B listens on a new connection and says so in /metrics.
    const metrics = async () => (await fetch(`${b.url}/metrics`)).text();
    await until(async () => (await metrics()).includes('bahtdesk_event_bus_connected 1'), true);
    expect(await metrics()).toMatch(/^bahtdesk_event_bus_heartbeat_age_seconds [0-9.e-]+$/m);
  });
});
