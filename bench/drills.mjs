// `npm run bench -- drills`: the fault drills on the deployment shape for growth (three API
// processes, one PostgreSQL, one Redis), rerunnable by anyone (decision 0057). It starts a private
// PostgreSQL cluster (initdb and pg_ctl in a temporary folder, on a free loopback port) and a
// Redis of its own, three built API servers on them, and members who may trade; then runs order
// load (create, then confirm, each call with an Idempotency-Key and retried with it as a client
// would) while it, in turn, restarts PostgreSQL, kills one API process with SIGKILL and stops
// Redis (then starts it again). It prints acknowledged against stored orders, duplicates per
// Idempotency-Key, orders without their audit row, the answers seen during each fault and the
// time to the first success after it. It asserts nothing. Loopback only; at most DRILL_LIMIT_MS
// in all; every process and folder it made is gone at the end, whatever happened.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { adminToken, call, createBenchAdmin, nextBusinessDay, verifiedMember } from './orders.mjs';
import { freePort, startNode } from './processes.mjs';

const PROCESSES = 3;
const MEMBERS = 12;
/** Open orders a member may hold (the setting's maximum): MEMBERS x this bounds the orders of a run. */
const OPEN_ORDER_CAP = 100;
/** Load runs this long before the first fault, between faults and after the last. */
const STEADY_MS = 4_000;
/** How long PostgreSQL stays down, how long Redis stays stopped. */
const POSTGRES_DOWN_MS = 2_000;
const REDIS_DOWN_MS = 4_000;
/** After a kill, answers are counted against that fault for this long. */
const KILL_WINDOW_MS = 3_000;
/** A client gives up retrying one call after this long (it never learns whether it was stored). */
const CALL_GIVE_UP_MS = 20_000;
const DRILL_LIMIT_MS = 6 * 60_000;

// --- A private PostgreSQL and Redis ------------------------------------------------------------

function postgresBin() {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function asPostgres(tool, args) {
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const [command, ...rest] = [...runAs, tool, ...args];
  execFileSync(command, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function startPostgres(folder) {
  const bin = postgresBin();
  const data = join(folder, 'pgdata');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(folder, uid, gid);
  }
  asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = (...args) => asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', join(folder, 'pg.log'), ...args]);
  pgCtl('-o', options, '-w', 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    version: bin.split('/').at(-2),
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    start: () => pgCtl('-o', options, '-w', 'start'),
    async answers() {
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
    },
  };
}

async function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
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

// --- The client load -----------------------------------------------------------------------

/** One attempt of a call: its HTTP status and envelope code, or the network error's name. */
async function attempt(url, path, token, key, body) {
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {}
    const retryAfter = response.headers.get('retry-after');
    return {
      answer: `${response.status}${envelope ? ` ${envelope.code}` : ''}${retryAfter ? ` Retry-After ${retryAfter}` : ''}`,
      ok: envelope?.code === 0,
      envelope,
    };
  } catch (error) {
    return { answer: error.cause?.code ?? error.name ?? 'error', ok: false };
  }
}

/**
 * A member's client: creates an order, then confirms it, each call with its own Idempotency-Key,
 * retried with that key (on the next process, after a short pause) until it succeeds or gives up.
 * Every attempt is logged with its time, for the fault windows.
 */
async function memberClient(member, shared) {
  let turn = member.index;
  const next = () => shared.live[turn++ % shared.live.length].url;
  let refused = false;
  const perform = async (path, key, body) => {
    const started = performance.now();
    while (performance.now() - started < CALL_GIVE_UP_MS) {
      const at = performance.now();
      const result = await attempt(next(), path, member.token, key, body);
      shared.attempts.push({ at, answer: result.answer, ok: result.ok, path });
      if (result.ok) return result.envelope.result.period;
      // A refusal that retrying cannot change (the member's open-order cap, say) ends this member's load.
      if (/^4\d\d /.test(result.answer)) {
        refused = true;
        return undefined;
      }
      await sleep(100 + Math.random() * 200);
    }
    return undefined;
  };
  let n = 0;
  while (!shared.stopping && !refused) {
    n += 1;
    const key = `drill-${member.index}-${n}-${Date.now().toString(36)}`;
    shared.keys.push(key);
    const order = await perform('/api/external/transaction/createTransaction', `${key}-c`, {
      type: 'buy',
      amountThb: '5000.00',
      rate: shared.buyRate,
      usdtAddressId: member.usdtAddressId,
    });
    if (!order) continue;
    shared.created.push(order.id);
    const confirmed = await perform('/api/external/transaction/confrimTransaction', `${key}-f`, {
      id: order.id,
      method: 'cash_appointment',
      locationId: 'silom',
      appointmentAt: shared.appointmentAt,
    });
    if (confirmed) shared.confirmed.push(order.id);
  }
}

// --- The drill -----------------------------------------------------------------------------

function serverEnv(databaseUrl, redisPort) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '1000000',
    MAX_CONNECTIONS_PER_IP: '0',
    SMTP_URL: '',
    API_URL: '',
    TRUST_PROXY: '',
  };
}

async function readStored(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query(
      `select public_id, status, idempotency_key from transactions where idempotency_key like 'drill-%'`,
    );
    const duplicates = await client.query(
      `select count(*)::int as n from (select idempotency_key from transactions
        where idempotency_key like 'drill-%' group by idempotency_key having count(*) > 1) d`,
    );
    const unaudited = await client.query(
      `select count(*)::int as n from transactions t where t.idempotency_key like 'drill-%'
        and not exists (select 1 from audit_log a where a.target = 'order:' || t.public_id and a.action = 'order.create')`,
    );
    const unauditedConfirms = await client.query(
      `select count(*)::int as n from transactions t where t.idempotency_key like 'drill-%' and t.status = 'request'
        and not exists (select 1 from audit_log a where a.target = 'order:' || t.public_id and a.action = 'order.confirm')`,
    );
    return {
      orders: orders.rows,
      duplicateKeys: duplicates.rows[0].n,
      withoutCreateAudit: unaudited.rows[0].n,
      confirmedWithoutAudit: unauditedConfirms.rows[0].n,
    };
  } finally {
    await client.end();
  }
}

/** Answers seen from `from` to `to`, and the first success after `from` and after `to`. */
function faultFigures(attempts, name, from, to) {
  const inside = attempts.filter((a) => a.at >= from && a.at < to);
  const answers = {};
  for (const a of inside) answers[a.answer] = (answers[a.answer] ?? 0) + 1;
  const firstAfter = (t) => attempts.filter((a) => a.ok && a.at >= t).sort((a, b) => a.at - b.at)[0]?.at;
  const afterStart = firstAfter(from);
  const afterEnd = firstAfter(to);
  return {
    name,
    lastedMs: to - from,
    answers,
    firstSuccessAfterStartMs: afterStart === undefined ? undefined : afterStart - from,
    firstSuccessAfterEndMs: afterEnd === undefined ? undefined : afterEnd - to,
  };
}

export async function runDrills() {
  const folder = mkdtempSync(join(tmpdir(), 'bahtdesk-drill-'));
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  };
  const limit = setTimeout(() => {
    console.error(`drills: over ${DRILL_LIMIT_MS / 1000} s, stopping`);
    cleanUp().finally(() => process.exit(1));
  }, DRILL_LIMIT_MS);
  try {
    const postgres = await startPostgres(folder);
    cleanups.push(async () => postgres.stop());
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/bahtdesk');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database bahtdesk');
    await admin.end();

    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    cleanups.push(async () => redis.stop());

    const env = serverEnv(databaseUrl, redisPort);
    const servers = [];
    for (let i = 0; i < PROCESSES; i++) {
      const server = await startNode('apps/api/dist/server.js', { env, readyPath: '/readyz' });
      servers.push(server);
      cleanups.push(() => server.stop());
    }
    // The drill's admin, beside the running servers (PostgreSQL), once the first start has seeded.
    createBenchAdmin(env);

    // Members who may trade, and the desk's limits raised for the load.
    const url = servers[0].url;
    const adminSession = await adminToken(url);
    for (const [key, value] of [
      ['openOrderCap', OPEN_ORDER_CAP],
      ['paymentDeadlineMinutes', 120],
      ['cashDepositCeilingThb', '3000000.00'],
    ]) {
      await call(url, '/api/admin/settings', { token: adminSession, body: { key, value } });
    }
    const photo = (
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b5d4b' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const members = [];
    for (let index = 0; index < MEMBERS; index++) {
      const token = await verifiedMember(url, adminSession, photo);
      const { usdtAddresses } = await call(url, '/api/external/user/profile', { token, body: {} });
      members.push({ index, token, usdtAddressId: usdtAddresses[0].id });
    }
    const { buyRate } = await call(url, '/api/external/home/getRate', { body: {} });

    const shared = {
      stopping: false,
      buyRate,
      appointmentAt: nextBusinessDay(),
      attempts: [],
      keys: [],
      created: [],
      confirmed: [],
      /** The processes the clients spread their calls over (a load balancer's pool). */
      live: [...servers],
    };
    const started = performance.now();
    const clients = members.map((m) => memberClient(m, shared));

    await sleep(STEADY_MS);
    let from = performance.now();
    postgres.stop();
    await sleep(POSTGRES_DOWN_MS);
    postgres.start();
    while (!(await postgres.answers())) await sleep(20);
    const postgresFault = { from, to: performance.now() };

    await sleep(STEADY_MS);
    from = performance.now();
    const victim = servers[PROCESSES - 1];
    process.kill(victim.pid, 'SIGKILL');
    await sleep(KILL_WINDOW_MS);
    const killFault = { from, to: performance.now() };
    // By now a load balancer's health check has taken the dead process out of its pool.
    shared.live = servers.filter((server) => server !== victim);

    await sleep(STEADY_MS);
    from = performance.now();
    await redis.stop();
    await sleep(REDIS_DOWN_MS);
    redis = await startRedis(redisPort);
    const redisFault = { from, to: performance.now() };

    await sleep(STEADY_MS);
    shared.stopping = true;
    await Promise.all(clients);
    const loadMs = performance.now() - started;

    const faults = [
      faultFigures(
        shared.attempts,
        'PostgreSQL stopped (fast) and started again',
        postgresFault.from,
        postgresFault.to,
      ),
      faultFigures(
        shared.attempts,
        `one API process killed (SIGKILL), ${KILL_WINDOW_MS / 1000} s after`,
        killFault.from,
        killFault.to,
      ),
      faultFigures(shared.attempts, 'Redis stopped, then started again', redisFault.from, redisFault.to),
    ];
    const stored = await readStored(databaseUrl);
    const storedIds = new Set(stored.orders.map((o) => o.public_id));
    const statusOf = new Map(stored.orders.map((o) => [o.public_id, o.status]));
    return {
      postgresVersion: postgres.version,
      processes: PROCESSES,
      members: MEMBERS,
      loadMs,
      attempts: shared.attempts.length,
      keys: shared.keys.length,
      acknowledgedCreates: shared.created.length,
      acknowledgedCreatesStored: shared.created.filter((id) => storedIds.has(id)).length,
      acknowledgedConfirms: shared.confirmed.length,
      acknowledgedConfirmsStored: shared.confirmed.filter((id) => statusOf.get(id) === 'request').length,
      storedOrders: stored.orders.length,
      storedConfirmed: stored.orders.filter((o) => o.status === 'request').length,
      duplicateKeys: stored.duplicateKeys,
      withoutCreateAudit: stored.withoutCreateAudit,
      confirmedWithoutAudit: stored.confirmedWithoutAudit,
      faults,
    };
  } finally {
    clearTimeout(limit);
    await cleanUp();
  }
}

const ms = (v) => (v === undefined ? 'none' : `${Math.round(v)} ms`);

export function printDrills(r) {
  console.log(
    `${r.processes} API processes on a private PostgreSQL ${r.postgresVersion} and a Redis of their own; ${r.members} members ` +
      `creating and confirming orders for ${(r.loadMs / 1000).toFixed(1)} s (${r.attempts} calls, retried with their Idempotency-Key)`,
  );
  console.log(
    `  orders: ${r.acknowledgedCreates} creates acknowledged, ${r.acknowledgedCreatesStored} of them stored; ` +
      `${r.storedOrders} stored in all (a create whose answer was lost may be stored unacknowledged)`,
  );
  console.log(
    `  confirms: ${r.acknowledgedConfirms} acknowledged, ${r.acknowledgedConfirmsStored} of them stored as confirmed; ${r.storedConfirmed} confirmed in all`,
  );
  console.log(
    `  duplicates per Idempotency-Key: ${r.duplicateKeys}; orders without their order.create audit row: ${r.withoutCreateAudit}; ` +
      `confirmed orders without their order.confirm audit row: ${r.confirmedWithoutAudit}`,
  );
  for (const f of r.faults) {
    const answers = Object.entries(f.answers)
      .sort((a, b) => b[1] - a[1])
      .map(([answer, count]) => `${answer} x${count}`)
      .join(', ');
    console.log(`  ${f.name} (${(f.lastedMs / 1000).toFixed(1)} s):`);
    console.log(`    answers meanwhile (HTTP status and code, or network error): ${answers || 'none'}`);
    console.log(
      `    first success ${ms(f.firstSuccessAfterStartMs)} after it began, ${ms(f.firstSuccessAfterEndMs)} after it ended`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printDrills(await runDrills());
