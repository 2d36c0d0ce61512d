// `npm run bench -- drills`: the fault drills on the deployment shape for growth (three API
// processes, one PostgreSQL, one Redis), rerunnable by anyone (decision 0057). It starts a private
// PostgreSQL cluster and a Redis of its own (bench/drill-services.mjs), a stand-in SMTP server and
// SMS gateway (bench/drill-messages.mjs), three built API servers on them, and members who may
// trade and get their order notices by email and SMS. Then it runs the load (bench/drill-load.mjs):
// members creating and confirming orders, each call with an Idempotency-Key, sent twice at once and
// retried with it as a client would; members asking for one-time codes; an admin moving the buy
// rate every two seconds. Meanwhile it, in turn, restarts PostgreSQL (fast), stops it at once
// (immediate: the next start recovers as after a crash), kills one API process with SIGKILL and
// starts it again on its port (as a supervisor would), and stops Redis (then starts it again). At
// the end it waits for the outbox to drain and prints each figure with its target: acknowledged
// against stored orders, duplicates per Idempotency-Key, orders without their audit row, orders
// stored at a rate a change had replaced, keys answered with two orders or with a refusal beside
// a success, the answers during each fault and the time to the first success after it, the
// restarted process's first success, and per message the copies received (at-most-once kinds and
// harmless ones apart), messages lost and messages whose outcome is unknown; and the load average.
// It asserts nothing. Loopback only; at most DRILL_LIMIT_MS in all; every process and folder it
// made is gone at the end, whatever happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { codeRequests, createLoad, keyFigures, memberClient, rateChanges } from './drill-load.mjs';
import { drainOutbox, messageFigures, startDelivery } from './drill-messages.mjs';
import { startPostgres, startRedis } from './drill-services.mjs';
import { adminToken, call, createBenchAdmin, nextBusinessDay, verifiedMember } from './orders.mjs';
import { freePort, startNode } from './processes.mjs';

const SERVER = 'apps/api/dist/server.js';
const PROCESSES = 3;
const MEMBERS = 24;
/**
 * Each process's PostgreSQL pool (DATABASE_POOL_SIZE; 10 by default): smaller than the sends it
 * serves at once, so creates queue for a connection as under load, as in rate-race.test.ts. The
 * wait between the rate checked in memory and the order's transaction is where an order at a
 * replaced rate slipped through before decision 0097.
 */
const POOL_SIZE = 3;
/** Open orders a member may hold (the setting's maximum): MEMBERS x this bounds the orders of a run. */
const OPEN_ORDER_CAP = 100;
/** Load runs this long before the first fault, between faults and after the last. */
const STEADY_MS = 4_000;
/** How long PostgreSQL stays down, how long Redis stays stopped. */
const POSTGRES_DOWN_MS = 2_000;
const REDIS_DOWN_MS = 4_000;
/** After a kill, answers are counted against that fault for this long; then the process is started again. */
const KILL_WINDOW_MS = 3_000;
/**
 * A message left `sending` by a process that died is taken again, or settled, after this long
 * from its claim (NOTIFY_SENDING_TIMEOUT_SECONDS; 300 by default): short enough that the killed
 * process's messages are settled within the drill. A message claimed just before PostgreSQL stops
 * begins its send once it is back, seconds later, and its mark is retried for half of this while
 * the pools are crowded: at 20 s, 20 messages delivered and not yet marked were settled `unknown`
 * in one run.
 */
const SENDING_TIMEOUT_SECONDS = 60;
/** The wait for the outbox to drain after the load, at most. */
const DRAIN_LIMIT_MS = 90_000;
const DRILL_LIMIT_MS = 6 * 60_000;

function serverEnv(databaseUrl, redisPort, delivery) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '1000000',
    MAX_CONNECTIONS_PER_IP: '0',
    ...delivery.env,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    NOTIFY_RATE_PER_SECOND: '100',
    NOTIFY_SENDING_TIMEOUT_SECONDS: String(SENDING_TIMEOUT_SECONDS),
    API_URL: '',
    TRUST_PROXY: '',
  };
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function readStored(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query(
      `select public_id, status, rate, created_at from transactions where idempotency_key like 'drill-%'`,
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
    const history = await client.query('select buy_rate from rates order by created_at, id');
    return {
      orders: orders.rows,
      rateHistory: history.rows.map((row) => row.buy_rate),
      duplicateKeys: duplicates.rows[0].n,
      withoutCreateAudit: unaudited.rows[0].n,
      confirmedWithoutAudit: unauditedConfirms.rows[0].n,
    };
  } finally {
    await client.end();
  }
}

/**
 * Orders stored at a rate that a change had replaced before their transaction began, decided as
 * `apps/api/src/modules/orders/rate-race.test.ts` does: the last change answered at least 1 ms
 * before an order's created_at (its transaction's start, on the database's clock, this machine's;
 * Date.now() truncates) had committed by then, so its rate or a later one was in force. The rates
 * history gives the order of the changes (each change is a new rate); a change whose answer a fault
 * lost is in it too, but says nothing of when it was in force.
 */
function staleOrders(rateHistory, rateChanges, orders) {
  const position = new Map(rateHistory.map((rate, i) => [rate, i]));
  return orders.flatMap((order) => {
    const at = order.created_at.getTime();
    const inForce = rateChanges
      .filter((change) => change.at + 1 <= at)
      .reduce((found, change) => Math.max(found, position.get(change.rate) ?? 0), 0);
    const stored = position.get(order.rate);
    return stored !== undefined && stored >= inForce
      ? []
      : [`${order.public_id} at ${order.rate}, while ${rateHistory[inForce]} was in force`];
  });
}

/**
 * Events a process could not publish after their change committed (`/metrics`,
 * bahtdesk_event_bus_publish_failures_total, decision 0097): each leaves the other processes with
 * what they keep until the `bus.resync` it owes goes out, a second later or more.
 */
async function busPublishFailures(url) {
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
    const line = text.split('\n').find((l) => l.startsWith('bahtdesk_event_bus_publish_failures_total'));
    return line ? Number(line.split(' ').at(-1)) : undefined;
  } catch {
    return undefined;
  }
}

/** An answer a fault must never give: a 5xx other than 503 with Retry-After. */
const broken = (a) => a.status >= 500 && !(a.status === 503 && a.retryAfter);

/** Answers seen from `from` to `to`, and the first success after `from` and after `to`. */
function faultFigures(attempts, { name, from, to }) {
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
    broken: inside.filter(broken).length,
    firstSuccessAfterStartMs: afterStart === undefined ? undefined : afterStart - from,
    firstSuccessAfterEndMs: afterEnd === undefined ? undefined : afterEnd - to,
  };
}

export async function runDrills() {
  const loadBefore = loadAverage();
  const drillStarted = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'bahtdesk-drill-'));
  const cleanups = [];
  let cleaned;
  /** Stops everything the drill started, once, however many ways it is asked to. */
  const cleanUp = () => {
    cleaned ??= (async () => {
      for (const step of cleanups.reverse()) await step().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    })();
    return cleaned;
  };
  const abort = (why) => {
    console.error(`drills: ${why}, stopping`);
    cleanUp().finally(() => process.exit(1));
  };
  const limit = setTimeout(() => abort(`over ${DRILL_LIMIT_MS / 1000} s`), DRILL_LIMIT_MS);
  // Whatever ends the bench early (an error nobody caught, Ctrl-C) stops the drill's processes first.
  const crashed = (error) => abort(`stopped by ${error?.stack ?? error}`);
  const interrupted = (signal) => abort(`stopped by ${signal}`);
  const exits = [
    ['uncaughtException', crashed],
    ['unhandledRejection', crashed],
    ['SIGINT', interrupted],
    ['SIGTERM', interrupted],
  ];
  for (const [event, handler] of exits) process.on(event, handler);
  try {
    const postgres = await startPostgres(folder);
    cleanups.push(() => postgres.stop());
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/bahtdesk');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database bahtdesk');
    await admin.end();

    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    cleanups.push(() => redis.stop());

    const delivery = await startDelivery();
    cleanups.push(() => delivery.close());

    const env = serverEnv(databaseUrl, redisPort, delivery);
    const servers = [];
    for (let i = 0; i < PROCESSES; i++) {
      const server = await startNode(SERVER, { env, readyPath: '/readyz' });
      servers.push(server);
      cleanups.push(() => server.stop());
    }
    // The drill's admin, beside the running servers (PostgreSQL), once the first start has seeded.
    createBenchAdmin(env);

    // Members who may trade and get their order notices by email and SMS; the desk's limits raised.
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
      const { usdtAddresses, email, phone } = await call(url, '/api/external/user/profile', {
        token,
        body: {},
      });
      await call(url, '/api/external/user/setNoticeChoice', {
        token,
        body: { kind: 'orderCreated', channels: ['email', 'sms'] },
      });
      members.push({ index, token, email, phone, usdtAddressId: usdtAddresses[0].id });
    }
    const rates = await call(url, '/api/external/home/getRate', { body: {} });

    const load = createLoad(servers);
    const started = performance.now();
    const clients = [
      ...members.map((m) =>
        memberClient(m, load, { buyRate: rates.buyRate, appointmentAt: nextBusinessDay() }),
      ),
      codeRequests(members, load),
      rateChanges(adminSession, rates, load),
    ];

    /** A fault begins: its name and its start. */
    const begins = (name) => ({ name, from: performance.now() });
    const ends = (fault) => ({ ...fault, to: performance.now() });
    const postgresDown = async (mode, name) => {
      const fault = begins(name);
      await postgres.stop(mode);
      await sleep(POSTGRES_DOWN_MS);
      await postgres.start();
      while (!(await postgres.answers())) await sleep(20);
      return ends(fault);
    };
    const faults = [];
    await sleep(STEADY_MS);
    faults.push(await postgresDown('fast', 'PostgreSQL stopped (fast) and started again'));
    await sleep(STEADY_MS);
    faults.push(
      await postgresDown(
        'immediate',
        'PostgreSQL stopped at once (immediate) and started again (crash recovery)',
      ),
    );

    await sleep(STEADY_MS);
    const victim = PROCESSES - 1;
    let fault = begins(`one API process killed (SIGKILL), ${KILL_WINDOW_MS / 1000} s after`);
    process.kill(servers[victim].pid, 'SIGKILL');
    await sleep(KILL_WINDOW_MS);
    faults.push(ends(fault));
    // By now a load balancer's health check has taken the dead process out of its pool, and a
    // supervisor starts it again on its port; the health check puts it back once it is ready.
    load.live = servers.filter((_, i) => i !== victim);
    const restartedAt = performance.now();
    const restarted = await startNode(SERVER, {
      env,
      readyPath: '/readyz',
      port: Number(new URL(servers[victim].url).port),
    });
    cleanups.push(() => restarted.stop());
    const readyAt = performance.now();
    servers[victim] = restarted;
    load.live = [...servers];

    await sleep(STEADY_MS);
    fault = begins('Redis stopped, then started again');
    await redis.stop();
    await sleep(REDIS_DOWN_MS);
    redis = await startRedis(redisPort);
    faults.push(ends(fault));

    await sleep(STEADY_MS);
    load.stop();
    await Promise.all(clients);
    const loadMs = performance.now() - started;
    const drainMs = await drainOutbox(databaseUrl, DRAIN_LIMIT_MS);
    const publishFailures = await Promise.all(servers.map((server) => busPublishFailures(server.url)));

    const firstOnRestarted = load.attempts
      .filter((a) => a.ok && a.url === restarted.url && a.at >= readyAt)
      .sort((a, b) => a.at - b.at)[0]?.at;
    const stored = await readStored(databaseUrl);
    const messages = await messageFigures(databaseUrl, delivery);
    // The database's clock is this machine's: a time it wrote, in s into the load.
    const intoLoad = (t) => `${((t - load.startedAt) / 1000).toFixed(1)} s`;
    const unknownBeganIntoLoad = {};
    for (const t of messages.unknownBegan) {
      unknownBeganIntoLoad[intoLoad(t)] = (unknownBeganIntoLoad[intoLoad(t)] ?? 0) + 1;
    }
    const storedIds = new Set(stored.orders.map((o) => o.public_id));
    const statusOf = new Map(stored.orders.map((o) => [o.public_id, o.status]));
    return {
      postgresVersion: postgres.version,
      processes: PROCESSES,
      members: MEMBERS,
      poolSize: POOL_SIZE,
      loadMs,
      drillMs: performance.now() - drillStarted,
      loadBefore,
      loadAfter: loadAverage(),
      attempts: load.attempts.length,
      acknowledgedCreates: load.created.length,
      acknowledgedCreatesStored: load.created.filter((id) => storedIds.has(id)).length,
      acknowledgedConfirms: load.confirmed.length,
      acknowledgedConfirmsStored: load.confirmed.filter((id) => statusOf.get(id) === 'request').length,
      storedOrders: stored.orders.length,
      storedConfirmed: stored.orders.filter((o) => o.status === 'request').length,
      duplicateKeys: stored.duplicateKeys,
      withoutCreateAudit: stored.withoutCreateAudit,
      confirmedWithoutAudit: stored.confirmedWithoutAudit,
      rateChanges: load.rateChanges.length,
      rateChangesNotAnswered: load.rateChangesNotAnswered,
      rateHistory: stored.rateHistory.length,
      rateRefusals: load.rateRefusals,
      stale: staleOrders(stored.rateHistory, load.rateChanges, stored.orders),
      keys: keyFigures(load.answers),
      codes: load.codes,
      faults: faults.map((f) => ({ ...faultFigures(load.attempts, f), intoLoadMs: f.from - load.started })),
      restart: {
        readyMs: readyAt - restartedAt,
        firstSuccessMs: firstOnRestarted === undefined ? undefined : firstOnRestarted - readyAt,
      },
      drainMs,
      membersEndedBy: load.endedBy,
      publishFailures,
      messages,
      unknownBeganIntoLoad,
    };
  } finally {
    clearTimeout(limit);
    await cleanUp();
    for (const [event, handler] of exits) process.off(event, handler);
  }
}

const ms = (v) => (v === undefined ? 'none' : `${Math.round(v)} ms`);
const verdict = (met) => (met ? 'met' : 'NOT met');
const listed = (counts) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} x${n}`)
    .join(', ') || 'none';
/** Up to three examples of a list, for a figure that is not 0. */
const examples = (list) => (list.length === 0 ? '' : ` (${list.slice(0, 3).join('; ')})`);

export function printDrills(r) {
  console.log(
    `${r.processes} API processes on a private PostgreSQL ${r.postgresVersion}, a Redis, a stand-in SMTP server and SMS gateway ` +
      `of their own; ${r.members} members creating and confirming orders for ${(r.loadMs / 1000).toFixed(1)} s ` +
      `(${r.attempts} calls, each sent twice at once and retried with its Idempotency-Key; ` +
      `pools of ${r.poolSize} connections)`,
  );
  console.log(`  members whose load a refusal ended: ${listed(r.membersEndedBy)}`);
  console.log(
    `  events not published after their change committed, per process (the restarted one counts since its start): ` +
      `${r.publishFailures.map((n) => n ?? '?').join(', ')} (no target: each owes a bus.resync, decision 0097)`,
  );
  console.log(
    `  load average (1, 5, 15 min) before: ${r.loadBefore}; after: ${r.loadAfter}; the drill took ` +
      `${(r.drillMs / 1000).toFixed(0)} s in all (limit ${DRILL_LIMIT_MS / 1000} s)`,
  );
  console.log(
    `  creates: ${r.acknowledgedCreates} acknowledged, ${r.acknowledgedCreatesStored} of them stored; target all: ` +
      `${verdict(r.acknowledgedCreatesStored === r.acknowledgedCreates)} (${r.storedOrders} stored in all: a create whose answers were all lost may be stored unacknowledged)`,
  );
  console.log(
    `  confirms: ${r.acknowledgedConfirms} acknowledged, ${r.acknowledgedConfirmsStored} of them stored as confirmed; target all: ` +
      `${verdict(r.acknowledgedConfirmsStored === r.acknowledgedConfirms)} (${r.storedConfirmed} confirmed in all)`,
  );
  console.log(
    `  orders per Idempotency-Key above one: ${r.duplicateKeys}; target 0: ${verdict(r.duplicateKeys === 0)}`,
  );
  console.log(
    `  orders without their order.create audit row: ${r.withoutCreateAudit}; target 0: ${verdict(r.withoutCreateAudit === 0)}; ` +
      `confirmed without order.confirm: ${r.confirmedWithoutAudit}; target 0: ${verdict(r.confirmedWithoutAudit === 0)}`,
  );
  console.log(
    `  rate changes: ${r.rateChanges} answered in force, not answered so: ${listed(r.rateChangesNotAnswered)}; ${r.rateHistory} rows in the rates history; creates refused with 50017 and placed again at the new rate: ${r.rateRefusals}`,
  );
  console.log(
    `  orders stored at a rate a change had replaced before their transaction began: ${r.stale.length}; target 0: ` +
      `${verdict(r.stale.length === 0)}${examples(r.stale)}`,
  );
  console.log(
    `  Idempotency-Keys: ${r.keys.keys}, ${r.keys.answeredTwice} answered with a success more than once; ` +
      `keys whose successes named more than one order: ${r.keys.splitIds.length}; target 0: ${verdict(r.keys.splitIds.length === 0)}${examples(r.keys.splitIds)}`,
  );
  console.log(
    `  keys refused beside a success (one request, two outcomes): ${r.keys.refusedBesideSuccess.length}, ` +
      `${r.keys.refusedAfterSuccess} of them after it; the refusal named a newer rate than the order's ${r.keys.refusalNamed.newer} times ` +
      `(its send looked the key up before the order committed), an older, replaced one ${r.keys.refusalNamed.older} times ` +
      `(its process had not heard of the change); target 0: ` +
      `${verdict(r.keys.refusedBesideSuccess.length === 0)}${examples(r.keys.refusedBesideSuccess)}`,
  );
  for (const f of r.faults) {
    console.log(
      `  ${f.name} (${(f.lastedMs / 1000).toFixed(1)} s, from ${(f.intoLoadMs / 1000).toFixed(1)} s into the load):`,
    );
    console.log(`    answers meanwhile (HTTP status and code, or network error): ${listed(f.answers)}`);
    console.log(
      `    5xx other than 503 with Retry-After: ${f.broken}; target 0: ${verdict(f.broken === 0)}; first success ` +
        `${ms(f.firstSuccessAfterStartMs)} after it began, ${ms(f.firstSuccessAfterEndMs)} after it ended; ` +
        `target a success after it: ${verdict(f.firstSuccessAfterEndMs !== undefined)}`,
    );
  }
  console.log(
    `  the killed process started again on its port: ready ${ms(r.restart.readyMs)} after its start, first success ` +
      `${ms(r.restart.firstSuccessMs)} after it was back in the pool; target it serves again: ${verdict(r.restart.firstSuccessMs !== undefined)}`,
  );
  const m = r.messages;
  console.log(
    `  messages: ${m.messages} queued (${listed(m.byKind)}); ${m.received} copies received by the stand-ins; ` +
      `outbox drained ${m.notSettled === 0 && r.drainMs !== undefined ? `${ms(r.drainMs)} after the load` : `NOT within ${DRAIN_LIMIT_MS / 1000} s`}; ` +
      `by state: ${listed(m.byState)}; one-time codes and usernames asked: ${r.codes.asked}, answered ${r.codes.answered}`,
  );
  const atMostOnce = Object.values(m.duplicatedAtMostOnce).reduce((a, b) => a + b, 0);
  const harmless = Object.values(m.duplicatedHarmless).reduce((a, b) => a + b, 0);
  console.log(
    `    received more than once, kinds delivered at most once: ${atMostOnce}; target 0: ${verdict(atMostOnce === 0)}` +
      `${atMostOnce ? ` (${listed(m.duplicatedAtMostOnce)})` : ''}; one-time codes and usernames (a copy is harmless): ` +
      `${harmless} of ${m.harmlessMessages}${harmless ? ` (${listed(m.duplicatedHarmless)})` : ''}`,
  );
  const lost = m.sentNotReceived + m.notSettled + m.failed;
  console.log(
    `    lost: ${lost} (marked sent, never received: ${m.sentNotReceived}; never settled: ${m.notSettled}; failed: ${m.failed}); ` +
      `target 0: ${verdict(lost === 0)}; copies under a key no message has: ${m.strangers}; target 0: ${verdict(m.strangers === 0)}`,
  );
  console.log(
    `    outcome unknown (the send began, its end was never recorded; not sent again): ${m.unknownReceived + m.unknownNotReceived}, ` +
      `${m.unknownReceived} of them received, ${m.unknownNotReceived} never; their sends began at ${listed(r.unknownBeganIntoLoad)} into the load ` +
      '(no target: the price of sending at most once, decision 0095)',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printDrills(await runDrills());
