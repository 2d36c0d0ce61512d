// `npm run bench -- hardening` or `node bench/hardening.mjs [slow-bodies] [frozen-db]`: how the
// built server holds up against connections and a database that never finish. It prints figures
// and asserts nothing.
//   slow-bodies  SLOW_SOCKETS connections from 127.0.0.1 send a request's headers, then drip its
//                body one byte a second: how many the server accepted, how many it still holds
//                after each checkpoint, and whether a request from another address (127.0.0.2)
//                is served meanwhile.
//   frozen-db    only with BENCH_DATABASE_URL (a PostgreSQL on loopback): the server reaches the
//                database through a TCP relay that is then frozen (it stops passing bytes either
//                way, as a stopped or hung server would): how long requests and /readyz wait, and
//                what they answer; then how soon the server answers again once the relay thaws.
// Loopback only; every loop is bounded in count and time, and every socket and process is closed
// at the end.
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApi } from './processes.mjs';

const SLOW_SOCKETS = 200;
const CHECKPOINTS_S = [2, 15, 40];
/**
 * Calls made while the database is frozen: a public read, and a member call whose token must be
 * looked up (a public read may be served from memory; a session check never is).
 */
const FROZEN_CALLS = [
  { name: 'GET  maintenanceStatus', method: 'GET', path: '/api/external/home/maintenanceStatus' },
  {
    name: 'POST profile (token lookup)',
    method: 'POST',
    path: '/api/external/user/profile',
    headers: { authorization: 'Bearer not-a-real-token', 'content-type': 'application/json' },
    body: '{}',
  },
];
const FROZEN_WAIT_CAP_S = 50;

/** One connection that sends a POST's headers and then one body byte a second; resolves its fate. */
function slowBody(port) {
  const socket = connect({ port, host: '127.0.0.1' });
  const state = { closedAt: undefined, answer: '' };
  const openedAt = performance.now();
  let timer;
  socket.on('connect', () => {
    socket.write(
      'POST /api/external/home/getRate HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    timer = setInterval(() => socket.write(' '), 1_000);
  });
  socket.on('data', (chunk) => {
    state.answer ||= String(chunk).split('\r\n')[0];
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    clearInterval(timer);
    state.closedAt = performance.now() - openedAt;
  });
  return { state, socket, stop: () => socket.destroy() };
}

/** GET from 127.0.0.2 (another client address on Linux loopback): status and time, or the failure. */
function requestFromOtherAddress(port, path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5_000);
    let head = '';
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      head ||= String(chunk).split('\r\n')[0];
    });
    socket.on('error', (error) => {
      head ||= error.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ head, ms: performance.now() - started });
    });
  });
}

export async function measureSlowBodies() {
  const api = await startApi();
  const sockets = [];
  try {
    const { port } = new URL(api.url);
    for (let i = 0; i < SLOW_SOCKETS; i++) sockets.push(slowBody(Number(port)));
    const started = performance.now();
    const checkpoints = [];
    let other;
    for (const at of CHECKPOINTS_S) {
      await sleep(Math.max(0, at * 1_000 - (performance.now() - started)));
      if (!other) other = await requestFromOtherAddress(Number(port), '/healthz');
      checkpoints.push({ at, held: sockets.filter((s) => s.state.closedAt === undefined).length });
    }
    const closedAtOnce = sockets.filter((s) => s.state.closedAt !== undefined && s.state.closedAt < 1_000);
    const answers = new Map();
    for (const s of sockets) {
      if (s.state.closedAt === undefined) continue;
      const key = s.state.answer || '(closed without an answer)';
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    return { sockets: SLOW_SOCKETS, closedAtOnce: closedAtOnce.length, checkpoints, answers, other };
  } finally {
    for (const s of sockets) s.stop();
    await api.stop();
  }
}

export function printSlowBodies(r) {
  console.log(
    `${r.sockets} connections from 127.0.0.1 send a POST's headers, then one body byte a second (Content-Length 100000):`,
  );
  console.log(`  closed within 1 s of opening: ${r.closedAtOnce}`);
  for (const c of r.checkpoints) console.log(`  still held by the server after ${c.at} s: ${c.held}`);
  for (const [answer, count] of r.answers) console.log(`  closed with ${answer}: ${count}`);
  console.log(`  meanwhile GET /healthz from 127.0.0.2: ${r.other.head} in ${Math.round(r.other.ms)} ms`);
}

/**
 * A TCP relay to `target` that can be frozen: while frozen, it accepts connections and reads
 * what either side sends but passes nothing on, as a stopped (SIGSTOP) or hung server would.
 * Thawing passes on everything held back.
 */
async function freezableRelay(target) {
  let frozen = false;
  const pairs = new Set();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    const pair = { client, upstream, held: [] };
    pairs.add(pair);
    const relay = (from, to) =>
      from.on('data', (chunk) => {
        if (frozen) pair.held.push([to, chunk]);
        else to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: server.address().port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
      }
    },
    async close() {
      server.close();
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
  };
}

async function timedCall(url, capSeconds, { method = 'GET', headers, body } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(capSeconds * 1_000),
    });
    const text = await response.text();
    let code;
    try {
      code = JSON.parse(text).code;
    } catch {}
    return {
      status: response.status,
      code,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch (error) {
    return { status: undefined, ms: performance.now() - started, error: error.cause?.code ?? error.name };
  }
}

export async function measureFrozenDatabase(postgresUrl) {
  const target = new URL(postgresUrl);
  if (!target.hostname.startsWith('127.') && target.hostname !== 'localhost') {
    throw new Error(`benches run on loopback only, not ${target.hostname}`);
  }
  const relay = await freezableRelay(target);
  const viaRelay = new URL(postgresUrl);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  let api;
  try {
    api = await startApi({ postgresUrl: viaRelay.toString() });
    const status = `${api.url}/api/external/home/maintenanceStatus`;
    for (let i = 0; i < 3; i++) await timedCall(status, 5);
    relay.freeze();
    const results = await Promise.all([
      ...FROZEN_CALLS.map((call) => timedCall(`${api.url}${call.path}`, FROZEN_WAIT_CAP_S, call)),
      timedCall(`${api.url}/readyz`, FROZEN_WAIT_CAP_S),
    ]);
    relay.thaw();
    const thawedAt = performance.now();
    let backMs;
    while (performance.now() - thawedAt < 30_000) {
      const r = await timedCall(status, 5);
      if (r.status === 200) {
        backMs = performance.now() - thawedAt;
        break;
      }
      await sleep(100);
    }
    return { requests: results.slice(0, -1), readyz: results.at(-1), backMs };
  } finally {
    await api?.stop();
    await relay.close();
  }
}

const describeAnswer = (r) =>
  r.status === undefined
    ? r.error === 'TimeoutError'
      ? `no answer within ${FROZEN_WAIT_CAP_S} s (the bench gave up)`
      : `failed (${r.error}) after ${(r.ms / 1000).toFixed(1)} s`
    : `HTTP ${r.status}${r.code === undefined ? '' : ` code ${r.code}`}${r.retryAfter ? ` Retry-After ${r.retryAfter}` : ''} after ${(r.ms / 1000).toFixed(1)} s`;

export function printFrozenDatabase(r) {
  console.log('PostgreSQL reached through a relay that stops passing bytes (a frozen database):');
  for (const [i, request] of r.requests.entries()) {
    console.log(`  ${FROZEN_CALLS[i].name}: ${describeAnswer(request)}`);
  }
  console.log(`  GET  /readyz: ${describeAnswer(r.readyz)}`);
  console.log(
    r.backMs === undefined
      ? '  after the relay thawed: no 200 within 30 s'
      : `  after the relay thawed: 200 again within ${Math.round(r.backMs)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2);
  const wanted = (name) => asked.length === 0 || asked.includes(name);
  if (wanted('slow-bodies')) {
    console.log('\n## Slow request bodies\n');
    printSlowBodies(await measureSlowBodies());
  }
  if (wanted('frozen-db')) {
    console.log('\n## A frozen database\n');
    const url = process.env.BENCH_DATABASE_URL;
    if (url) printFrozenDatabase(await measureFrozenDatabase(url));
    else console.log('set BENCH_DATABASE_URL to a local PostgreSQL to run it');
  }
}
