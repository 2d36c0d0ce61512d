// `npm run bench [-- section ...]`: prints the project's figures. Sections, in order (all by default):
//   assets      gzip and brotli size of every built JS and CSS asset, and the home page's JS
//   http        req/s and p50/p99 latency of maintenanceStatus and getRate on the real app (fresh
//               PGlite) beside a bare Fastify hello-world, plus the security-headers hook's cost
//   lighthouse  Lighthouse mobile performance score of the home page
//   signin      the sign-in timing measurement (bench/signin-timing.mjs), when present
//   pg-restart  only when asked and BENCH_DATABASE_URL is set: restarts the local PostgreSQL under
//               a running server (bench/pg-restart.mjs)
//   hardening   only when asked (about 2 minutes): slow request bodies, and with BENCH_DATABASE_URL
//               a frozen database (bench/hardening.mjs)
// Everything runs against 127.0.0.1 only and each measurement is bounded in time.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { assetSizes, homePageScripts } from './assets.mjs';
import {
  measureFrozenDatabase,
  measureSlowBodies,
  printFrozenDatabase,
  printSlowBodies,
} from './hardening.mjs';
import { lighthouseMedian, printLighthouse } from './lighthouse.mjs';
import { DURATION_SECONDS, measure, median } from './load.mjs';
import { measurePostgresRestart, printPostgresRestart } from './pg-restart.mjs';
import { repoRoot, startApi, startNode } from './processes.mjs';

const HOME_JS_BUDGET_BROTLI = 100 * 1024;
const ROUNDS = 3;
const ROUND_SECONDS = 3;
const SECTIONS = ['assets', 'http', 'lighthouse', 'signin', 'pg-restart', 'hardening'];
/** Sections that run only when named: they disturb the machine's shared services, or take minutes. */
const ON_REQUEST = ['pg-restart', 'hardening'];
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

function buildIfNeeded() {
  const built = ['apps/web/dist/index.html', 'apps/api/dist/server.js'].every((path) =>
    existsSync(join(repoRoot, path)),
  );
  if (built) return;
  console.log('The app is not built; running npm run build first.');
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
}

/** Bundles a bench entry (TypeScript that imports the API's sources) into bench/dist. */
async function bundle(name) {
  const outfile = join(repoRoot, `bench/dist/${name}.mjs`);
  await build({
    entryPoints: [join(repoRoot, `bench/${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return outfile;
}

/** The in-process measure of the hook (bench/hook-cost.ts), in its own process, at most 2 minutes. */
async function hookCostInProcess() {
  const script = await bundle('hook-cost');
  const output = execFileSync(process.execPath, [script], {
    cwd: repoRoot,
    timeout: 120_000,
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

function row(name, figures, baseline) {
  const ratio = baseline ? `${(figures.rps / baseline.rps).toFixed(2)}x` : '1.00x';
  const cpu = figures.cpuMicros === undefined ? '?' : `${figures.cpuMicros.toFixed(1)} µs`;
  const cpuRatio =
    baseline?.cpuMicros && figures.cpuMicros !== undefined
      ? `${(figures.cpuMicros / baseline.cpuMicros).toFixed(1)}x`
      : '1.0x';
  const bad = figures.bad > 0 ? `  (${figures.bad} non-2xx or failed: not a clean figure)` : '';
  console.log(
    `${pad(name, 52)}${padLeft(Math.round(figures.rps), 9)}${padLeft(`${figures.p50.toFixed(2)} ms`, 10)}${padLeft(`${figures.p99.toFixed(2)} ms`, 10)}${padLeft(ratio, 10)}${padLeft(cpu, 12)}${padLeft(cpuRatio, 8)}${bad}`,
  );
}

function header() {
  console.log(
    `${pad('', 52)}${padLeft('req/s', 9)}${padLeft('p50', 10)}${padLeft('p99', 10)}${padLeft('ratio', 10)}${padLeft('CPU/req', 12)}${padLeft('ratio', 8)}`,
  );
}

const postgresUrl = process.env.BENCH_DATABASE_URL;

async function measureEndpoints(api) {
  return {
    maintenance: await measure({ url: `${api.url}/api/external/home/maintenanceStatus`, pid: api.pid }),
    getRate: await measure({
      url: `${api.url}/api/external/home/getRate`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      pid: api.pid,
    }),
  };
}

/** The same two endpoints on a fresh database of a local PostgreSQL (BENCH_DATABASE_URL). */
async function measureOnPostgres(url) {
  const api = await startApi({ postgresUrl: url });
  try {
    return await measureEndpoints(api);
  } finally {
    await api.stop();
  }
}

/** Sections (b) to (e): the built server runs once for the load runs and Lighthouse. */
async function runHttpAndLighthouse() {
  const results = {};
  if (wanted('http')) {
    // The baseline: the median of ROUNDS short runs, so one burst of load from elsewhere does not set it.
    const hello = await startNode(await bundle('hello-server'));
    try {
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) {
        runs.push(await measure({ url: `${hello.url}/`, seconds: ROUND_SECONDS, pid: hello.pid }));
      }
      results.baseline = median(runs);
    } finally {
      await hello.stop();
    }
  }
  const api = await startApi();
  try {
    if (wanted('http')) {
      Object.assign(results, await measureEndpoints(api));
      console.log(
        `\n## (b) HTTP on loopback: the built server on a fresh PGlite folder; autocannon, 10 connections, ${DURATION_SECONDS} s each after a 1 s warm-up\n`,
      );
      console.log(
        "req/s and CPU/req (the server process's CPU time per request) with their ratio to the baseline;\n" +
          'CPU/req barely moves when other processes compete for the cores, req/s does.\n',
      );
      header();
      row(`bare Fastify hello-world (baseline, median of ${ROUNDS})`, results.baseline);
      row('GET  /api/external/home/maintenanceStatus', results.maintenance, results.baseline);
      row('POST /api/external/home/getRate', results.getRate, results.baseline);
      if (postgresUrl) {
        const onPostgres = await measureOnPostgres(postgresUrl);
        row('GET  maintenanceStatus, on PostgreSQL', onPostgres.maintenance, results.baseline);
        row('POST getRate, on PostgreSQL', onPostgres.getRate, results.baseline);
        console.log('(on PostgreSQL, CPU/req is the API process only; the database server works beside it)');
      } else {
        console.log('(set BENCH_DATABASE_URL to a local PostgreSQL to measure on it too)');
      }

      console.log(
        '\n## (c) Security-headers hook: the same route on two Fastify apps, with and without it\n',
      );
      const inProcess = await hookCostInProcess();
      console.log(
        `in process (app.inject, ${inProcess.requests.toLocaleString('en-US')} requests in paired rounds): ` +
          `${inProcess.bare.toFixed(1)} µs of CPU per request without the hook, ${inProcess.hooked.toFixed(1)} µs with it (medians)`,
      );
      console.log(
        `the hook's cost: ${inProcess.cost.toFixed(1)} µs per request (median of the rounds' differences; ` +
          'it includes writing its six headers)',
      );
    }
    if (wanted('signin')) await runSigninTiming();
    if (wanted('lighthouse')) {
      console.log('\n## (e) Lighthouse\n');
      try {
        printLighthouse(await lighthouseMedian(`${api.url}/`));
      } catch (error) {
        process.exitCode = 1;
        console.error(`Lighthouse did not give a score: ${error.message}`);
      }
    }
  } finally {
    await api.stop();
  }
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
buildIfNeeded();
if (wanted('assets')) printAssets();
if (wanted('http') || wanted('lighthouse')) await runHttpAndLighthouse();
else if (wanted('signin')) await runSigninTiming();
if (wanted('pg-restart')) {
  console.log('\n## (f) PostgreSQL restarted under a running server\n');
  if (postgresUrl) printPostgresRestart(await measurePostgresRestart(postgresUrl));
  else console.log('set BENCH_DATABASE_URL to a local PostgreSQL to run it');
}
if (wanted('hardening')) {
  console.log('\n## (g) Slow request bodies\n');
  printSlowBodies(await measureSlowBodies());
  console.log('\n## (h) A frozen database\n');
  if (postgresUrl) printFrozenDatabase(await measureFrozenDatabase(postgresUrl));
  else console.log('set BENCH_DATABASE_URL to a local PostgreSQL to run it');
}
