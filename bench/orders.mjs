// Section (o) of `npm run bench`: the order calls under load and the live fan-out of a decision.
// - createTransaction and confrimTransaction, each a fixed number of requests over 50 connections,
//   by verified members (each call makes or confirms a real order), beside a bare Fastify
//   hello-world measured in the same run; on PostgreSQL, createTransaction's floor too (its own
//   statements sent with raw pg to the same database, bench/order-floor-server.ts);
// - a staff completion reaching 1,000 open member streams: time from the call to each stream's event.
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import Holidays from 'date-holidays';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { measure } from './load.mjs';
import { repoRoot, signUpMember, startApi } from './processes.mjs';
import { recordFigure } from './table.mjs';

const MEMBERS = 20;
const ORDERS_PER_MEMBER = 100;
const CONNECTIONS = 50;
const STREAMS = 1000;
export const ADMIN = { username: 'benchadmin', password: 'bench-admin-password-1' };
/** createTransaction's targets (decision 0065): its p99 on PGlite, its share of the raw-pg floor on PostgreSQL. */
const CREATE_P99_PGLITE_MS = 500;
const CREATE_FLOOR_SHARE = 0.6;

export async function call(url, path, { token, body, method = 'POST' } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.result.period;
}

/** The bench's admin, made by the operator CLI, then signed in with its second factor enrolled. */
export async function adminToken(url) {
  const login = await call(url, '/api/admin/auth/login', { body: ADMIN });
  const { secret } = await call(url, '/api/admin/auth/enrolment', { token: login.token, body: {} });
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await call(url, '/api/admin/auth/enrolment/confirm', {
    token: login.token,
    body: { code: totp.generate() },
  });
  return login.token;
}

/**
 * Runs the operator CLI on the server's database while it is stopped: the bench's admin. The demo
 * seeded its own admin (un-enrolled) at the first start, so no admin can sign in on the command
 * line: the bench uses break-glass (decision 0092).
 */
export function createBenchAdmin(env) {
  execFileSync(
    process.execPath,
    [
      'apps/api/dist/desk.js',
      'staff:create',
      ADMIN.username,
      '--role',
      'admin',
      '--password-stdin',
      '--break-glass',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      input: `${ADMIN.password}\n`,
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
}

/** A small photo, as a member's camera would send it (base64 JPEG). */
async function benchPhoto() {
  return (
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b5d4b' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
}

/**
 * A verified member with `batches` x 100 real orders placed through the API (the admin made by
 * createBenchAdmin signs in): a member may hold at most 100 open orders, so every batch but the
 * last is confirmed by the member and rejected by the admin before the next. Their token.
 */
export async function memberWithOrders(url, batches) {
  const admin = await adminToken(url);
  const cap = 100;
  await call(url, '/api/admin/settings', { token: admin, body: { key: 'openOrderCap', value: cap } });
  await call(url, '/api/admin/settings', {
    token: admin,
    body: { key: 'paymentDeadlineMinutes', value: 120 },
  });
  const token = await verifiedMember(url, admin, await benchPhoto());
  const { usdtAddresses } = await call(url, '/api/external/user/profile', { token, body: {} });
  const { buyRate } = await call(url, '/api/external/home/getRate', { body: {} });
  const appointmentAt = nextBusinessDay();
  for (let batch = 0; batch < batches; batch++) {
    for (let i = 0; i < cap; i++) {
      await call(url, '/api/external/transaction/createTransaction', {
        token,
        body: { type: 'buy', amountThb: '5000.00', rate: buyRate, usdtAddressId: usdtAddresses[0].id },
      });
    }
    if (batch === batches - 1) break;
    const { items } = await call(url, '/api/external/transaction/getTransactionList', {
      token,
      body: { filter: 'today', status: 'pending', pageSize: cap },
    });
    for (const order of items) {
      await call(url, '/api/external/transaction/confrimTransaction', {
        token,
        body: { id: order.id, method: 'cash_appointment', locationId: 'silom', appointmentAt },
      });
      await call(url, `/api/admin/orders/${order.id}/reject`, {
        token: admin,
        body: { reasonCode: 'appointmentMissed' },
      });
    }
  }
  return token;
}

/**
 * A member who signed up, sent four photos and was verified by the admin, then set to level 2 (as
 * staff do after seeing proof of income, decision 0067), whose daily limit holds the bench's
 * orders: their token.
 */
export async function verifiedMember(url, admin, photo) {
  const token = await signUpMember(url);
  const { username } = await call(url, '/api/external/user/profile', { token, body: {} });
  await call(url, '/api/external/user/uploadKyc', {
    token,
    body: {
      passportImage: photo,
      holdingPassportImage: photo,
      screenshot1Image: photo,
      screenshot2Image: photo,
    },
  });
  const queue = await call(url, '/api/admin/kyc?pageSize=100', { token: admin, method: 'GET' });
  const submission = queue.items.find((item) => item.username === username);
  await call(url, `/api/admin/kyc/${submission.id}/decision`, {
    token: admin,
    body: { decision: 'verified' },
  });
  await call(url, `/api/admin/members/${submission.memberId}/level`, {
    token: admin,
    body: { level: 2, note: 'Bench member: proof of income seen.' },
  });
  return token;
}

/** Fires `bodies.length` POSTs over 50 connections, each with its own token and body. */
function fire(url, path, jobs) {
  let next = 0;
  const durations = [];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let lastAnswer = started;
    const instance = autocannon(
      {
        url: `${url}${path}`,
        connections: CONNECTIONS,
        amount: jobs.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const job = jobs[next++ % jobs.length];
              return {
                ...request,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${job.token}` },
                body: JSON.stringify(job.body),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        // Up to the last answer: autocannon reports the end of an `amount` run on its next
        // one-second tick, which would round every rate down to 2000 / whole seconds.
        const seconds = Number(lastAnswer - started) / 1e9;
        durations.sort((a, b) => a - b);
        const at = (p) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))];
        resolve({
          rps: result.requests.total / seconds,
          p50: at(50),
          p99: at(99),
          bad: result.non2xx + result.errors + result.timeouts,
          total: result.requests.total,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, time) => {
      durations.push(time);
      lastAnswer = process.hrtime.bigint();
    });
  });
}

/** The next Bangkok business day (not a weekend, not a public holiday) at 10:00. */
export function nextBusinessDay() {
  const calendar = new Holidays('TH', { timezone: 'Asia/Bangkok', types: ['public'] });
  for (let d = 1; ; d++) {
    const date = new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    const at = `${date}T10:00:00+07:00`;
    if (day >= 1 && day <= 5 && !calendar.isHoliday(new Date(at))) return at;
  }
}

/** Opens `count` member streams; answers a function waiting for each stream's first order.updated. */
async function openStreams(url, token, count) {
  const streams = await Promise.all(
    Array.from({ length: count }, async () => {
      const controller = new AbortController();
      const response = await fetch(`${url}/api/live/member`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const heard = (async () => {
        let text = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return Number.NaN;
          text += value;
          if (text.includes('event: order.updated')) return performance.now();
        }
      })();
      return { heard, close: () => controller.abort() };
    }),
  );
  return streams;
}

/**
 * Measures the order calls on a fresh API (PGlite, or PostgreSQL at `postgresUrl`). Given
 * `startFloor(env)` (bench/order-floor-server.ts on PostgreSQL), the same creates on the floor too:
 * once the API's measures are done and its server has stopped, on the API's database, by as many
 * other verified members, who like the API's start with no orders.
 */
export async function measureOrders(hello, postgresUrl, startFloor) {
  const api = await startApi({
    postgresUrl,
    env: { MAX_CONNECTIONS_PER_IP: '0' },
    prepare: createBenchAdmin,
  });
  try {
    const url = api.url;
    const admin = await adminToken(url);
    for (const [key, value] of [
      ['openOrderCap', ORDERS_PER_MEMBER],
      ['paymentDeadlineMinutes', 120],
      ['cashDepositCeilingThb', '3000000.00'],
    ]) {
      await call(url, '/api/admin/settings', { token: admin, body: { key, value } });
    }
    const photo = await benchPhoto();
    const members = [];
    const floorMembers = [];
    for (let i = 0; i < (startFloor ? 2 : 1) * MEMBERS; i++) {
      const token = await verifiedMember(url, admin, photo);
      const { username, usdtAddresses } = await call(url, '/api/external/user/profile', { token, body: {} });
      if (i < MEMBERS) members.push({ token, usdtAddressId: usdtAddresses[0].id });
      else floorMembers.push(username);
    }
    const { buyRate } = await call(url, '/api/external/home/getRate', { body: {} });

    const baseline = await measure({ url: `${hello.url}/`, seconds: 3, pid: hello.pid });
    // Members take turns, as real traffic would: one member's creates queue on their own row lock.
    const creates = Array.from({ length: ORDERS_PER_MEMBER }, () =>
      members.map((m) => ({
        token: m.token,
        body: { type: 'buy', amountThb: '5000.00', rate: buyRate, usdtAddressId: m.usdtAddressId },
      })),
    ).flat();
    const created = await fire(url, '/api/external/transaction/createTransaction', creates);

    const appointmentAt = nextBusinessDay();
    const confirms = [];
    for (const m of members) {
      const list = await call(url, '/api/external/transaction/getTransactionList', {
        token: m.token,
        body: { filter: 'today', status: 'pending', pageSize: 100 },
      });
      for (const order of list.items) {
        confirms.push({
          token: m.token,
          body: { id: order.id, method: 'cash_appointment', locationId: 'silom', appointmentAt },
        });
      }
    }
    const confirmed = await fire(url, '/api/external/transaction/confrimTransaction', confirms);

    // Fan-out: 1,000 open streams of one member; an admin completes one of their orders.
    const member = members[0];
    const order = confirms.find((c) => c.token === member.token);
    const streams = await openStreams(url, member.token, STREAMS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const start = performance.now();
    await call(url, `/api/admin/orders/${order.body.id}/complete`, {
      token: admin,
      // The appointment is on a later day: the admin says the member came early.
      body: { payoutReference: `0x${'ab'.repeat(32)}`, cameEarly: true },
    });
    const answered = performance.now() - start;
    const times = (await Promise.all(streams.map((s) => s.heard)))
      .map((t) => t - start)
      .sort((a, b) => a - b);
    for (const s of streams) s.close();
    const heard = times.filter((t) => Number.isFinite(t));
    const at = (p) => heard[Math.min(heard.length - 1, Math.floor((p / 100) * heard.length))];

    let floorCreated;
    if (startFloor) {
      await api.stopServer();
      const floor = await startFloor({
        DATABASE_URL: api.databaseUrl,
        FLOOR_MEMBERS: floorMembers.join(','),
        FLOOR_RATE: buyRate,
      });
      try {
        floorCreated = await fire(
          floor.url,
          '/create',
          creates.map((_, i) => ({ token: 'none', body: { member: (i % MEMBERS) + 1 } })),
        );
      } finally {
        await floor.stop();
      }
    }
    return {
      database: postgresUrl ? 'PostgreSQL' : 'PGlite',
      baseline,
      created,
      floorCreated,
      confirmed,
      fanOut: {
        streams: STREAMS,
        heard: heard.length,
        answered,
        p50: at(50),
        p99: at(99),
        last: heard.at(-1),
      },
    };
  } finally {
    await api.stop();
  }
}

export function printOrders({ database, baseline, created, floorCreated, confirmed, fanOut }) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `\n## (o) Orders on ${database}: ${MEMBERS} verified members, ${CONNECTIONS} connections, every call a real order\n`,
  );
  console.log(
    `bare Fastify hello-world (baseline)       ${Math.round(baseline.rps)} req/s, p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}`,
  );
  for (const [name, f] of [
    ['createTransaction', created],
    ['confrimTransaction (appointment)', confirmed],
  ]) {
    const ratio = f.rps / baseline.rps;
    console.log(
      `${name.padEnd(40)} ${Math.round(f.rps)} req/s, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, ${f.total} requests, ` +
        `${f.bad} non-2xx; ${ratio.toFixed(3)}x the baseline: target >= 0.05x with zero non-2xx ${ratio >= 0.05 && f.bad === 0 ? 'met' : 'NOT met'}`,
    );
  }
  if (floorCreated) {
    console.log(
      `${'floor: the same statements, raw pg'.padEnd(40)} ${Math.round(floorCreated.rps)} req/s, p50 ${ms(floorCreated.p50)}, ` +
        `p99 ${ms(floorCreated.p99)}, ${floorCreated.bad} non-2xx; ${(floorCreated.rps / baseline.rps).toFixed(3)}x the baseline ` +
        '(bench/order-floor-server.ts: what PostgreSQL allows createTransaction here)',
    );
    const share = created.rps / floorCreated.rps;
    const met = share >= CREATE_FLOOR_SHARE && created.bad === 0;
    console.log(
      `createTransaction against the floor: ${share.toFixed(2)}x; target >= ${CREATE_FLOOR_SHARE}x with zero non-2xx ${met ? 'met' : 'NOT met'}`,
    );
    recordFigure('create PostgreSQL', `${share.toFixed(2)}x, ${created.bad} non-2xx`, met);
  } else {
    const met = created.p99 <= CREATE_P99_PGLITE_MS && created.bad === 0;
    console.log(
      `createTransaction p99 ${ms(created.p99)}; target <= ${CREATE_P99_PGLITE_MS} ms with zero non-2xx ${met ? 'met' : 'NOT met'}`,
    );
    recordFigure('create PGlite', `${ms(created.p99)}, ${created.bad} non-2xx`, met);
  }
  console.log(
    `\nA staff completion to ${fanOut.streams} open member streams: the call answered in ${ms(fanOut.answered)}; ` +
      `${fanOut.heard} streams heard order.updated, p50 ${ms(fanOut.p50)}, p99 ${ms(fanOut.p99)}, last ${ms(fanOut.last)} after the call started.`,
  );
}
