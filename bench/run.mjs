// `npm run bench [-- section ...]`: prints the project's figures. Sections, in order (all by default):
//   assets      gzip and brotli size of every built JS and CSS asset, the home page's JS, and the
//               JS of the console's sign-in screen
//   http        req/s, p50/p99 latency and CPU per request of maintenanceStatus, getRate, a
//               member's profile and the history of a member with 200 orders on the real app
//               (fresh PGlite, and fresh PostgreSQL with BENCH_DATABASE_URL) beside a bare Fastify
//               hello-world and the public reads' floor (bench/public-read-floor.ts: Fastify with
//               only the request line, security headers and request id), 50 connections, 3 rounds,
//               each figure with its target and verdict;
//               then where one request's CPU time goes, stage by stage, in process
//   lighthouse  Lighthouse mobile performance of home, login, sign-up, account and history (signed in)
//   signin      the sign-in timing measurement (bench/signin-timing.mjs), when present
//   pg-restart  only when asked and BENCH_DATABASE_URL is set: restarts the local PostgreSQL under
//               a running server (bench/pg-restart.mjs)
//   hardening   only when asked (about 2 minutes): slow request bodies, and with BENCH_DATABASE_URL
//               a frozen database (bench/hardening.mjs)
//   images      a member's photo: shrinking 12 MP in Chromium, checking and re-encoding 2 MB on the server;
//               then eight worst-case uploads at once: sign-in p50 against idle and the server's
//               peak memory, against their targets (bench/upload-load.mjs); then the `slip` section
//   slip        a cash deposit confirmed with a 2 MB slip against its 1 s target, wall and CPU time,
//               its QR read after, on PGlite and with BENCH_DATABASE_URL on PostgreSQL
//               (bench/slip-confirm.mjs)
//   orders      createTransaction and confrimTransaction under load beside bare Fastify, and a staff
//               completion reaching 1,000 open member streams, on PGlite and with BENCH_DATABASE_URL
//               on PostgreSQL (bench/orders.mjs)
//   notifications  10,000 queued messages drained through a fake channel adapter, unbounded and at
//               NOTIFY_RATE_PER_SECOND, each against its target, on PGlite and with BENCH_DATABASE_URL
//               on PostgreSQL (bench/notifications.ts); needs nothing built, under a minute idle
//   drills      only when asked (about 3 minutes): three API processes on a private PostgreSQL, a
//               Redis and stand-in mail and SMS servers of their own under order load while the rate
//               changes, through a PostgreSQL restart and an immediate stop, a SIGKILL of a process
//               (started again) and a Redis stop; each figure with its target (bench/drills.mjs)
// After them, the performance table (bench/table.mjs): every figure of the requirement with its
// target and verdict, from the sections that ran (assets, http, lighthouse, orders).
// Everything runs against 127.0.0.1 only and each measurement is bounded in time.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildApi } from '../scripts/build.mjs';
import { assetSizes, homePageScripts, screenScripts } from './assets.mjs';
import { bundle } from './bundle.mjs';
import { printDrills, runDrills } from './drills.mjs';
import {
  measureFrozenDatabase,
  measureSlowBodies,
  printFrozenDatabase,
  printSlowBodies,
} from './hardening.mjs';
import { lighthousePages } from './lighthouse.mjs';
import { CONNECTIONS, measure, median, WARMUP_SECONDS } from './load.mjs';
import { createBenchAdmin, measureOrders, memberWithOrders, printOrders } from './orders.mjs';
import { measurePostgresRestart, printPostgresRestart } from './pg-restart.mjs';
import { createDatabase, repoRoot, signUpMember, startApi, startNode } from './processes.mjs';
import { measureSlipConfirm, printSlipConfirm } from './slip-confirm.mjs';
import { printTable, recordFigure } from './table.mjs';
import { measureUploadLoad, printUploadLoad } from './upload-load.mjs';

const HOME_JS_BUDGET_BROTLI = 100 * 1024;
/** The console's own budget: the JavaScript its sign-in screen needs, the first screen every staff member loads. */
const CONSOLE_SIGN_IN_JS_BUDGET_BROTLI = 150 * 1024;
const ROUNDS = 3;
/** The notification queue's run is stopped after this long (it takes well under a minute idle). */
const NOTIFICATIONS_LIMIT_MS = 5 * 60_000;
const ROUND_SECONDS = 3;
const WARMUP_PASS_SECONDS = 2;
const SECTIONS = [
  'assets',
  'http',
  'lighthouse',
  'signin',
  'pg-restart',
  'hardening',
  'images',
  'slip',
  'orders',
  'drills',
  'notifications',
];
/** Sections that run only when named: they disturb the machine's shared services, or take minutes. */
const ON_REQUEST = ['pg-restart', 'hardening', 'drills'];
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const wanted = (section) => asked.includes(section) || (asked.length === 0 && !ON_REQUEST.includes(section));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

/**
 * Builds the app before measuring it, every time: a dist left from older sources would be measured
 * as if it were the current code, and telling whether it is (sources, configs, lockfile) is less
 * reliable than the build's minute or so.
 */
function buildFirst() {
  console.log('Building the app first (npm run build), so the figures are those of the current sources.');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

function printAssets() {
  const dist = join(repoRoot, 'apps/web/dist');
  console.log('\n## (a) Built member app: JS and CSS assets (apps/web/dist)\n');
  const assets = assetSizes(dist);
  const width = Math.max(20, ...assets.map((asset) => asset.file.length)) + 2;
  console.log(`${pad('asset', width)}${padLeft('raw', 12)}${padLeft('gzip', 12)}${padLeft('brotli', 12)}`);
  for (const asset of assets) {
    console.log(
      `${pad(asset.file, width)}${padLeft(kb(asset.raw), 12)}${padLeft(kb(asset.gzip), 12)}${padLeft(kb(asset.brotli), 12)}`,
    );
  }
  const total = (kind, list) => list.reduce((sum, asset) => sum + asset[kind], 0);
  const js = assets.filter((asset) => /\.m?js$/.test(asset.file));
  const css = assets.filter((asset) => asset.file.endsWith('.css'));
  console.log(
    `${pad('all JS', width)}${padLeft(kb(total('raw', js)), 12)}${padLeft(kb(total('gzip', js)), 12)}${padLeft(kb(total('brotli', js)), 12)}`,
  );
  console.log(
    `${pad('all CSS', width)}${padLeft(kb(total('raw', css)), 12)}${padLeft(kb(total('gzip', css)), 12)}${padLeft(kb(total('brotli', css)), 12)}`,
  );

  const home = homePageScripts(dist);
  const homeAssets = home.files.map((file) => {
    const asset = assets.find((candidate) => candidate.file === file);
    if (!asset) throw new Error(`the home page loads ${file}, which is not in apps/web/dist`);
    return asset;
  });
  const brotli = total('brotli', homeAssets);
  console.log(`\nJavaScript the home page needs (entry chunk and its static imports, from ${home.source}):`);
  for (const asset of homeAssets) console.log(`  ${asset.file}  ${kb(asset.brotli)} brotli`);
  console.log(
    `home page JS: ${kb(total('raw', homeAssets))} raw, ${kb(total('gzip', homeAssets))} gzip, ${kb(brotli)} brotli` +
      ` (budget ${kb(HOME_JS_BUDGET_BROTLI)} brotli: ${brotli <= HOME_JS_BUDGET_BROTLI ? 'within' : 'OVER'})`,
  );

  const consoleDist = join(repoRoot, 'apps/admin/dist');
  const consoleAssets = assetSizes(consoleDist);
  const signIn = screenScripts(consoleDist, 'SignInPage').files.map((file) => {
    const asset = consoleAssets.find((candidate) => candidate.file === file);
    if (!asset)
      throw new Error(`the console's sign-in screen loads ${file}, which is not in apps/admin/dist`);
    return asset;
  });
  const signInBrotli = total('brotli', signIn);
  console.log("\n## (a') Built console (apps/admin/dist): JavaScript its sign-in screen needs\n");
  console.log("(the entry, its preloads and the screen's chunk, each with its static imports)");
  for (const asset of signIn) console.log(`  ${asset.file}  ${kb(asset.brotli)} brotli`);
  console.log(
    `console sign-in JS: ${kb(total('raw', signIn))} raw, ${kb(total('gzip', signIn))} gzip, ${kb(signInBrotli)} brotli` +
      ` (budget ${kb(CONSOLE_SIGN_IN_JS_BUDGET_BROTLI)} brotli: ${signInBrotli <= CONSOLE_SIGN_IN_JS_BUDGET_BROTLI ? 'within' : 'OVER'})`,
  );
  recordFigure('console sign-in JS', kb(signInBrotli), signInBrotli <= CONSOLE_SIGN_IN_JS_BUDGET_BROTLI);
}

/** Section (c): the in-process stage table (bench/stages.ts), in its own process, at most 5 minutes. */
async function printStages() {
  const script = await bundle('stages');
  console.log("\n## (c) Where one request's CPU time goes, in process\n");
  const output = execFileSync(process.execPath, [script], {
    cwd: repoRoot,
    timeout: 300_000,
    encoding: 'utf8',
  });
  process.stdout.write(output);
}

const ms = (value) => `${value.toFixed(2)} ms`;

/**
 * Whether a figure meets its target (decision 0065): a share of bare Fastify's req/s, a CPU per
 * request at most a multiple of bare Fastify's or at most some µs, a p99 bound; and every figure
 * clean (no answer other than 2xx).
 */
function verdict(figures, baseline, target) {
  const checks = [];
  if (target.share !== undefined)
    checks.push([figures.rps / baseline.rps >= target.share, `>= ${target.share.toFixed(2)}x req/s`]);
  if (target.cpuRatio !== undefined)
    checks.push([
      figures.cpuMicros !== undefined && figures.cpuMicros <= target.cpuRatio * baseline.cpuMicros,
      `CPU <= ${target.cpuRatio}x`,
    ]);
  if (target.cpuMicros !== undefined)
    checks.push([
      figures.cpuMicros !== undefined && figures.cpuMicros <= target.cpuMicros,
      `CPU <= ${target.cpuMicros.toLocaleString('en-US')} µs`,
    ]);
  if (target.p99 !== undefined) checks.push([figures.p99 <= target.p99, `p99 <= ${target.p99} ms`]);
  checks.push([figures.bad === 0, 'no non-2xx']);
  const missed = checks.filter(([met]) => !met).map(([, wanted]) => wanted);
  const all = checks.map(([, wanted]) => wanted).join(', ');
  return {
    met: missed.length === 0,
    text: missed.length === 0 ? `met (${all})` : `NOT met: ${missed.join(', ')} (of ${all})`,
  };
}

/** A request shape's figure as the performance table shows it (bench/table.mjs). */
function recordShape(key, database, figures, baseline, target, floorCpuRatio) {
  const ratio = figures.rps / baseline.rps;
  const cpu =
    figures.cpuMicros === undefined ? '?' : `${Math.round(figures.cpuMicros).toLocaleString('en-US')} µs`;
  const cpuRatio =
    figures.cpuMicros === undefined ? '?' : `${(figures.cpuMicros / baseline.cpuMicros).toFixed(1)}x`;
  const value =
    target.p99 !== undefined
      ? `${cpu} / ${Math.round(figures.p99).toLocaleString('en-US')} ms`
      : target.cpuRatio !== undefined
        ? `${ratio.toFixed(2)}x, CPU ${cpuRatio} (floor ${floorCpuRatio?.toFixed(1) ?? '?'}x)`
        : `${ratio.toFixed(2)}x (${cpu})`;
  recordFigure(`${key} ${database}`, value, verdict(figures, baseline, target).met);
}

function row(name, figures, baseline, target) {
  const ratio = baseline ? `${(figures.rps / baseline.rps).toFixed(2)}x` : '1.00x';
  const cpu = figures.cpuMicros === undefined ? '?' : `${figures.cpuMicros.toFixed(1)} µs`;
  const cpuRatio =
    baseline?.cpuMicros && figures.cpuMicros !== undefined
      ? `${(figures.cpuMicros / baseline.cpuMicros).toFixed(1)}x`
      : '1.0x';
  const bad = figures.bad > 0 ? `  (${figures.bad} non-2xx or failed: not a clean figure)` : '';
  const goal = baseline && target ? `  ${verdict(figures, baseline, target).text}` : '';
  console.log(
    `${pad(name, 44)}${padLeft(Math.round(figures.rps), 8)}${padLeft(ms(figures.p50), 10)}${padLeft(ms(figures.p99), 10)}${padLeft(ratio, 8)}${padLeft(cpu, 11)}${padLeft(cpuRatio, 7)}${goal}${bad}`,
  );
}

function header() {
  console.log(
    `${pad('', 44)}${padLeft('req/s', 8)}${padLeft('p50', 10)}${padLeft('p99', 10)}${padLeft('ratio', 8)}${padLeft('CPU/req', 11)}${padLeft('ratio', 7)}  target`,
  );
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
/** The targets of each request shape, by database (decision 0065). */
const PUBLIC_READ = { PGlite: { share: 0.5, cpuRatio: 2 }, PostgreSQL: { share: 0.5, cpuRatio: 2 } };
const MEMBER_READ = { PGlite: { cpuMicros: 1000, p99: 250 }, PostgreSQL: { share: 0.12 } };
/** The orders of the member whose history is read (batches of 100), every one placed through the API. */
const LIST_BATCHES = 2;
/**
 * The API's cap on open connections per client address stays on, above what the bench holds at
 * once from 127.0.0.1: a round's connections and the last round's, which the server may not have
 * seen close yet.
 */
const BENCH_CONNECTIONS_PER_IP = String(CONNECTIONS * 4);

/** The requests measured on each server: two public reads and two member reads. */
function shapes(api, { token, listToken }) {
  const json = { 'content-type': 'application/json' };
  const member = (path, bearer) => ({
    url: `${api.url}${path}`,
    method: 'POST',
    body: '{}',
    headers: { ...json, authorization: `Bearer ${bearer}` },
  });
  return [
    {
      key: 'maintenanceStatus',
      name: 'GET  /api/external/home/maintenanceStatus',
      target: PUBLIC_READ,
      request: { url: `${api.url}/api/external/home/maintenanceStatus` },
    },
    {
      key: 'getRate',
      name: 'POST /api/external/home/getRate',
      target: PUBLIC_READ,
      request: { url: `${api.url}/api/external/home/getRate`, method: 'POST', body: '{}', headers: json },
    },
    {
      key: 'profile',
      name: 'POST /api/external/user/profile (member)',
      target: MEMBER_READ,
      request: member('/api/external/user/profile', token),
    },
    {
      key: 'list',
      name: `POST .../getTransactionList (${LIST_BATCHES * 100} orders)`,
      target: MEMBER_READ,
      request: member('/api/external/transaction/getTransactionList', listToken),
    },
  ];
}

/** The bench's own set-up of a server: its admin (operator CLI) and the connection cap above. */
/**
 * The http section's servers. Their outbox is delivered with no rate bound (NOTIFY_RATE_PER_SECOND
 * 0): setting them up queues a notice for each of the hundreds of orders placed, which at the
 * default 20 a second would still be going out, on the server's own CPU, while its reads are
 * measured (outboxDelivered waits for the last).
 */
const benchServer = (postgresUrl) => ({
  postgresUrl,
  env: { MAX_CONNECTIONS_PER_IP: BENCH_CONNECTIONS_PER_IP, NOTIFY_RATE_PER_SECOND: '0' },
  prepare: createBenchAdmin,
});

/** Waits until the server's outbox holds nothing undelivered (its /metrics backlog), at most a minute. */
async function outboxDelivered(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const backlog = metrics
      .split('\n')
      .filter((line) => line.startsWith('bahtdesk_outbox_backlog{'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    if (backlog === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${url}: ${backlog} messages still undelivered after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * Section (b): bare Fastify, the API on PGlite and (with BENCH_DATABASE_URL) the API on
 * PostgreSQL all run at once; each round measures the baseline and then every request shape on
 * every server, so a burst of load from elsewhere hits a round's baseline as much as its
 * endpoints. Figures are the medians of the rounds. Answers the token of the PGlite server's
 * member with 200 orders, whose history Lighthouse measures.
 */
async function runHttp(api) {
  const hello = await startNode(await bundle('hello-server'));
  const floor = await startNode(await bundle('public-read-floor'));
  const servers = [{ name: 'PGlite', api }];
  let onPostgres;
  try {
    if (postgresUrl) {
      onPostgres = await startApi(benchServer(postgresUrl));
      servers.push({ name: 'PostgreSQL', api: onPostgres });
    }
    for (const server of servers) {
      server.historyToken = await memberWithOrders(server.api.url, LIST_BATCHES);
      server.shapes = shapes(server.api, {
        token: await signUpMember(server.api.url),
        listToken: server.historyToken,
      });
    }
    for (const server of servers) await outboxDelivered(server.api.url);
    // A first, unmeasured pass: a server just started is still compiling its hot paths.
    await measure({ url: `${hello.url}/`, seconds: WARMUP_PASS_SECONDS });
    const floorShapes = shapes(floor, {}).filter((shape) => shape.target === PUBLIC_READ);
    for (const shape of floorShapes) await measure({ ...shape.request, seconds: WARMUP_PASS_SECONDS });
    for (const server of servers) {
      for (const shape of server.shapes) await measure({ ...shape.request, seconds: WARMUP_PASS_SECONDS });
    }
    const before = loadAverage();
    const runs = { baseline: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.baseline.push(await measure({ url: `${hello.url}/`, seconds: ROUND_SECONDS, pid: hello.pid }));
      for (const shape of floorShapes) {
        runs[`floor ${shape.name}`] ??= [];
        runs[`floor ${shape.name}`].push(
          await measure({ ...shape.request, seconds: ROUND_SECONDS, pid: floor.pid }),
        );
      }
      for (const server of servers) {
        for (const shape of server.shapes) {
          const key = `${server.name} ${shape.name}`;
          runs[key] ??= [];
          runs[key].push(await measure({ ...shape.request, seconds: ROUND_SECONDS, pid: server.api.pid }));
        }
      }
    }
    const baseline = median(runs.baseline);
    console.log(
      `\n## (b) HTTP on loopback: autocannon, ${CONNECTIONS} connections, ${ROUND_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, ` +
        `median of ${ROUNDS} rounds (after a ${WARMUP_PASS_SECONDS} s pass over everything)\n`,
    );
    console.log(
      'Each server is the built one (NODE_ENV=production, LOG_LEVEL=info: a log line per request) on a\n' +
        'fresh database, beside a bare Fastify hello-world measured in the same rounds. req/s and CPU/req\n' +
        "(the server process's CPU time per request) with their ratio to the baseline; CPU/req barely\n" +
        'moves when other processes compete for the cores, req/s and latency do.\n' +
        `Load average (1, 5, 15 min) before: ${before}; after: ${loadAverage()} (${cpus().length} cores).\n`,
    );
    header();
    row('bare Fastify hello-world (baseline)', baseline);
    console.log('floor: Fastify with the request line, security headers and request id only');
    const floorCpu = {};
    for (const shape of floorShapes) {
      const figures = median(runs[`floor ${shape.name}`]);
      floorCpu[shape.key] = figures.cpuMicros / baseline.cpuMicros;
      row(`  ${shape.name}`, figures, baseline);
    }
    let bad = 0;
    for (const server of servers) {
      console.log(`on ${server.name}`);
      for (const shape of server.shapes) {
        const figures = median(runs[`${server.name} ${shape.name}`]);
        bad += figures.bad;
        row(`  ${shape.name}`, figures, baseline, shape.target[server.name]);
        recordShape(
          shape.key,
          server.name,
          figures,
          baseline,
          shape.target[server.name],
          floorCpu[shape.key],
        );
      }
    }
    console.log(
      `answers other than 2xx in this section, every round: ${bad}; target 0: ${bad === 0 ? 'met' : 'NOT met'}`,
    );
    recordFigure('http non-2xx', String(bad), bad === 0);
    if (onPostgres)
      console.log('(on PostgreSQL, CPU/req is the API process only; the database server works beside it)');
    else console.log('(set BENCH_DATABASE_URL to a local PostgreSQL to measure on it too)');
    console.log(
      `With ${CONNECTIONS} connections always busy, the mean latency is ${CONNECTIONS} / (req/s) (Little's law); ` +
        "the baseline's own p99 shows what the machine allowed\nduring this run. The API's cap on connections " +
        `per address is ${BENCH_CONNECTIONS_PER_IP} here, above the bench's own; a figure with any non-2xx answer is not clean.`,
    );
    return servers[0].historyToken;
  } finally {
    await hello.stop();
    await floor.stop();
    await onPostgres?.stop();
  }
}

/** Sections (b) to (e): the built server on PGlite runs once for the load runs and Lighthouse. */
async function runHttpAndLighthouse() {
  if (wanted('http')) await buildApi({ quiet: true });
  const api = await startApi(benchServer());
  try {
    let historyToken;
    if (wanted('http')) {
      historyToken = await runHttp(api);
      await printStages();
    }
    if (wanted('signin')) await runSigninTiming();
    if (wanted('lighthouse')) {
      console.log('\n## (e) Lighthouse\n');
      try {
        // The history page shows a member's orders: those of the http section's member, or 100 new ones.
        await lighthousePages(api.url, {
          historyToken: historyToken ?? (await memberWithOrders(api.url, 1)),
        });
      } catch (error) {
        process.exitCode = 1;
        console.error(`Lighthouse did not give a score: ${error.message}`);
      }
    }
  } finally {
    await api.stop();
  }
}

/**
 * One run of bench/notifications.ts, its lines printed as they come (a loaded machine shows its
 * progress); stopped after NOTIFICATIONS_LIMIT_MS, and said so.
 */
function runNotifications(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, NOTIFICATIONS_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        process.exitCode = 1;
        console.log(
          `stopped after ${NOTIFICATIONS_LIMIT_MS / 60_000} min: the figures above are all it measured`,
        );
        resolve();
      } else if (code === 0) resolve();
      else reject(new Error(`bench/notifications.ts exited with ${code}`));
    });
  });
}

function runSigninTiming() {
  const script = join(repoRoot, 'bench/signin-timing.mjs');
  console.log('\n## (d) Sign-in timing (unknown vs known username)\n');
  if (!existsSync(script)) {
    console.log('bench/signin-timing.mjs is not present; nothing to measure.');
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`bench/signin-timing.mjs exited with ${code}`));
    });
  });
}

console.log(
  `BahtDesk bench on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
// The drills need only the API server and the command line (bundled in seconds), not the web apps.
// These sections run the API alone: its bundle is all they need built. The notification queue's
// run bundles its own entry and needs nothing built.
const API_ONLY = ['drills', 'slip'];
const NOTHING_BUILT = ['notifications'];
if (asked.length > 0 && asked.every((section) => NOTHING_BUILT.includes(section))) {
  // nothing to build
} else if (asked.length > 0 && asked.every((section) => [...API_ONLY, ...NOTHING_BUILT].includes(section))) {
  await buildApi({ quiet: true });
} else buildFirst();
if (wanted('assets')) printAssets();
if (wanted('http') || wanted('lighthouse')) await runHttpAndLighthouse();
else if (wanted('signin')) await runSigninTiming();
if (wanted('pg-restart')) {
  console.log('\n## (f) PostgreSQL restarted under a running server\n');
  if (postgresUrl) printPostgresRestart(await measurePostgresRestart(postgresUrl));
  else console.log('set BENCH_DATABASE_URL to a local PostgreSQL to run it');
}
if (wanted('images')) {
  const script = await bundle('images');
  console.log("\n## (i) A member's photo: shrunk in Chromium, checked and re-encoded on the server\n");
  process.stdout.write(
    execFileSync(process.execPath, [script], { cwd: repoRoot, timeout: 300_000, encoding: 'utf8' }),
  );
  printUploadLoad(await measureUploadLoad(postgresUrl));
}
if (wanted('images') || wanted('slip')) {
  console.log('\n## (i) A cash deposit confirmed with a 2 MB slip photo\n');
  const stages = await bundle('slip-stages');
  process.stdout.write(
    execFileSync(process.execPath, [stages], { cwd: repoRoot, timeout: 300_000, encoding: 'utf8' }),
  );
  printSlipConfirm(await measureSlipConfirm());
  if (postgresUrl) printSlipConfirm(await measureSlipConfirm(postgresUrl));
  else console.log('\nset BENCH_DATABASE_URL to a local PostgreSQL to measure it there too');
}
if (wanted('orders')) {
  const hello = await startNode(await bundle('hello-server'));
  try {
    printOrders(await measureOrders(hello));
    if (postgresUrl) {
      const floorScript = await bundle('order-floor-server');
      const startFloor = (env) => startNode(floorScript, { env });
      printOrders(await measureOrders(hello, postgresUrl, startFloor));
    } else console.log('(set BENCH_DATABASE_URL to a local PostgreSQL to measure on it too)');
  } finally {
    await hello.stop();
  }
}
if (wanted('notifications')) {
  console.log('\n## Notification queue: 10,000 messages drained through a fake channel\n');
  const script = await bundle('notifications');
  await runNotifications(script, {});
  if (postgresUrl) {
    const database = await createDatabase(postgresUrl);
    try {
      await runNotifications(script, { BENCH_NOTIFY_DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  } else console.log('(set BENCH_DATABASE_URL to a local PostgreSQL to measure on it too)');
}
if (['assets', 'http', 'lighthouse', 'orders'].some(wanted)) printTable(loadAverage());
if (wanted('drills')) {
  console.log('\n## (j) Fault drills: three processes, one PostgreSQL, one Redis\n');
  printDrills(await runDrills());
}
if (wanted('hardening')) {
  console.log('\n## (g) Slow request bodies\n');
  printSlowBodies(await measureSlowBodies());
  console.log('\n## (h) A frozen database\n');
  if (postgresUrl) printFrozenDatabase(await measureFrozenDatabase(postgresUrl));
  else console.log('set BENCH_DATABASE_URL to a local PostgreSQL to run it');
}
