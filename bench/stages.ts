// Where one request's CPU time goes, in process (section (c) of `npm run bench`): the real app
// (buildApp over a fresh in-memory PGlite, logging at info to a null stream) driven with
// app.inject (no sockets). Each round measures the CPU time per request of a batch, then takes a
// V8 sampling profile of another batch and gives every sample to the stage whose code it was
// running (the innermost frame that belongs to one: a source file of the app, or a library that
// only one stage uses; Fastify's own lifecycle code belongs to none, so the rest of a request
// that a hook's `done` runs is not counted as the hook's). A stage's cost is the median over the rounds of its share of the samples
// times the whole cost. Shares hold up when other processes load the machine: that slows every
// stage alike. (Differences between an app with and without a stage, as the previous hook-cost
// bench measured, strayed by ±100 µs and more per round on this shared 2-core machine.) Prints a
// table; bench/run.mjs bundles and runs it. To look closer: BENCH_STAGE_ONLY=getRate measures one
// request shape, BENCH_STAGE_FRAMES=else lists the functions a stage's samples were in (stderr).
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { cpuUsage } from 'node:process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { pgliteDatabase, pgliteParsers } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/seed.ts';

const ROUNDS = 5;
/** CPU time of the batch that measures the whole cost, and of the profiled batch. */
const TIMED_SECONDS = 0.5;
const PROFILED_SECONDS = 1;
const SAMPLING_MICROS = 50;

const STAGES = {
  limiter: 'limiter (per-IP counters, ban lookup)',
  access: 'access (route access, member session)',
  validation: 'validation (zod: body, query)',
  handler: 'handler (route and service code)',
  database: 'database (Kysely, PGlite)',
  headers: 'headers (security-headers hook)',
  logging: 'logging (pino, request lines)',
  serialisation: 'serialisation (zod response, JSON)',
  gc: 'garbage collection',
  else: 'everything else (Fastify, inject, ...)',
} as const;
type Stage = keyof typeof STAGES;

// ---- The app, a member, the requests.

const nullStream = { write(_line: string) {} };
const database = pgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
await migrateToLatest(database.db);
const config = loadConfig({
  LOG_LEVEL: 'info',
  DATA_DIR: os.tmpdir(),
  RATE_LIMIT_FACTOR: '1000000',
  API_URL: '',
  TRUST_PROXY: '',
});
const app = await buildApp({ config, database, logStream: nullStream });
await app.ready();
await seedDemo(database.db, app.services, app.events);

const { id: memberId } = await database.db
  .insertInto('members')
  .values({
    username: 'benchstages',
    password_hash: await app.services.passwords.hash('benchpass1'),
    first_name: 'Bench',
    last_name: 'Member',
    phone: '0812345678',
    email: 'benchstages@example.com',
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const session = await app.services.sessions.startMember(memberId, { ip: '127.0.0.1', userAgent: 'bench' });

const json = { 'content-type': 'application/json' };
const ENDPOINTS: Record<string, InjectOptions> = {
  maintenanceStatus: { method: 'GET', url: '/api/external/home/maintenanceStatus' },
  getRate: { method: 'POST', url: '/api/external/home/getRate', payload: '{}', headers: json },
  profile: {
    method: 'POST',
    url: '/api/external/user/profile',
    payload: '{}',
    headers: { ...json, authorization: `Bearer ${session.token}` },
  },
};

// ---- Which stage a profile frame belongs to.

/** The source file of each line of this bundle, from esbuild's `// path/to/file.ts` markers. */
const bundleFile = fileURLToPath(import.meta.url);
const markers: { line: number; path: string }[] = [];
readFileSync(bundleFile, 'utf8')
  .split('\n')
  .forEach((text, line) => {
    const match = /^\/\/ ((?:apps|packages|bench)\/\S+\.ts)$/.exec(text);
    if (match?.[1]) markers.push({ line, path: match[1] });
  });
function sourceOf(line: number): string {
  let found = '';
  for (const marker of markers) {
    if (marker.line > line) break;
    found = marker.path;
  }
  return found;
}

/** The lines where fastify-type-provider-zod defines its validator and its serializer. */
const zodProviderFile = join(
  dirname(createRequire(import.meta.url).resolve('fastify-type-provider-zod')),
  'core.js',
);
const zodProviderLines = readFileSync(zodProviderFile.replace('/cjs/', '/esm/'), 'utf8').split('\n');
const validatorLine = zodProviderLines.findIndex((l) => l.startsWith('var validatorCompiler ='));
const serializerLine = zodProviderLines.findIndex((l) => l.startsWith('var createSerializerCompiler ='));
if (validatorLine < 0 || serializerLine < 0) throw new Error(`${zodProviderFile} changed shape`);

const APP_FILES: [RegExp, Stage][] = [
  [/^apps\/api\/src\/plugins\/limits(\.ts|\/)/, 'limiter'],
  [/^apps\/api\/src\/plugins\/access\.ts$|^apps\/api\/src\/modules\/sessions\//, 'access'],
  [/^apps\/api\/src\/plugins\/security-headers\.ts$/, 'headers'],
  [/^apps\/api\/src\/plugins\/logging\.ts$/, 'logging'],
  [/^apps\/api\/src\/(http\/route\.ts|modules\/)/, 'handler'],
];
const PACKAGES: [RegExp, Stage][] = [
  [/\/node_modules\/(pino|@pinojs|pino-std-serializers|sonic-boom|fast-redact)\//, 'logging'],
  [/\/node_modules\/fastify\/lib\/(log-controller|logger-factory|logger-pino)\.js$/, 'logging'],
  [/\/node_modules\/(kysely|@electric-sql\/pglite|kysely-pglite|pg|pg-protocol|pg-pool)\//, 'database'],
  [/\/node_modules\/fastify\/lib\/validation\.js$/, 'validation'],
];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/**
 * Fastify's methods a stage calls to do its work (set a header, read the protocol): their time is
 * the caller's. Every other frame of Fastify's own code is its request lifecycle: a hook's `done`
 * or a handler's `reply.send` runs the rest of the request from there, and that is not the hook's.
 */
const FASTIFY_METHODS =
  /^(Reply\.(header|headers|getHeader|getHeaders|hasHeader|removeHeader|type|code|status)|get [a-zA-Z]+)$/;

/**
 * The stage of one frame; 'else' for Fastify's lifecycle; undefined when the frame says nothing
 * and its caller decides (zod, node, the contract, Fastify's methods).
 */
function stageOfFrame(frame: CallFrame): Stage | undefined {
  if (frame.functionName === '(garbage collector)') return 'gc';
  const url = frame.url.replace(/^file:\/\//, '');
  if (url === bundleFile) {
    const path = sourceOf(frame.lineNumber);
    return APP_FILES.find(([re]) => re.test(path))?.[1];
  }
  if (url.includes('/fastify-type-provider-zod/')) {
    if (frame.lineNumber >= validatorLine && frame.lineNumber < validatorLine + 5) return 'validation';
    if (frame.lineNumber >= serializerLine && frame.lineNumber < serializerLine + 10) return 'serialisation';
    return undefined;
  }
  if (url.endsWith('/fastify/lib/reply.js') && frame.functionName === 'serialize') return 'serialisation';
  const stage = PACKAGES.find(([re]) => re.test(url))?.[1];
  if (stage) return stage;
  if (url.includes('/node_modules/fastify/lib/') && !url.endsWith('/request.js')) {
    return FASTIFY_METHODS.test(frame.functionName) ? undefined : 'else';
  }
  return undefined;
}

const debugCounts = new Map<string, number>();

interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Each stage's share of the profile's samples (idle time left out). */
function shares(profile: Profile): Map<Stage, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, Stage>();
  const stageOf = (id: number): Stage => {
    const known = stageOfNode.get(id);
    if (known) return known;
    let stage: Stage = 'else';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      const found = node && stageOfFrame(node.callFrame);
      if (found) {
        stage = found;
        break;
      }
    }
    stageOfNode.set(id, stage);
    return stage;
  };
  const counts = new Map<Stage, number>();
  let total = 0;
  for (const id of profile.samples) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    const stage = stageOf(id);
    if (process.env.BENCH_STAGE_FRAMES === stage) {
      const f = byId.get(id)?.callFrame;
      const k = `${f?.functionName} ${f?.url.split('/').slice(-2).join('/')}:${f?.lineNumber}`;
      debugCounts.set(k, (debugCounts.get(k) ?? 0) + 1);
    }
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
    total += 1;
  }
  return new Map([...counts].map(([stage, count]) => [stage, count / total]));
}

// ---- Measuring.

async function run(request: InjectOptions, size: number): Promise<number> {
  const before = cpuUsage();
  for (let i = 0; i < size; i++) await app.inject(request);
  const used = cpuUsage(before);
  return (used.user + used.system) / size;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.setSamplingInterval', { interval: SAMPLING_MICROS });

const names = Object.keys(ENDPOINTS).filter(
  (n) => !process.env.BENCH_STAGE_ONLY || n === process.env.BENCH_STAGE_ONLY,
);
const whole: number[] = [];
const costs = new Map<Stage, number[]>();
for (const name of names) {
  const request = ENDPOINTS[name] as InjectOptions;
  const check = await app.inject(request);
  if (check.statusCode !== 200 || check.json().code !== 0) {
    throw new Error(`${name} answered ${check.statusCode} ${check.body.slice(0, 200)}`);
  }
  const perRequest = await run(request, 300);
  const size = (seconds: number) => Math.max(20, Math.round((seconds * 1e6) / perRequest));
  const wholeRuns: number[] = [];
  const shareRuns: Map<Stage, number>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    wholeRuns.push(await run(request, size(TIMED_SECONDS)));
    await inspector.post('Profiler.start');
    await run(request, size(PROFILED_SECONDS));
    const { profile } = await inspector.post('Profiler.stop');
    shareRuns.push(shares(profile as Profile));
  }
  const cost = median(wholeRuns);
  whole.push(cost);
  for (const stage of Object.keys(STAGES) as Stage[]) {
    const values = costs.get(stage) ?? [];
    values.push(cost * median(shareRuns.map((s) => s.get(stage) ?? 0)));
    costs.set(stage, values);
  }
}
await inspector.post('Profiler.disable');
inspector.disconnect();

if (process.env.BENCH_STAGE_FRAMES) {
  const total = [...debugCounts.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of [...debugCounts].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    process.stderr.write(`${((v / total) * 100).toFixed(1).padStart(5)}% ${k}\n`);
  }
}

// ---- The table.

const loadAverage = os
  .loadavg()
  .map((load) => load.toFixed(2))
  .join(' ');
const cell = (text: string) => text.padStart(19);
const micros = (values: number[]) => values.map((v) => cell(`${v.toFixed(1)} µs`)).join('');
const lines = [
  `app.inject on the real app, no sockets; CPU µs per request: the whole (median of ${ROUNDS} batches of about`,
  `${TIMED_SECONDS * 1000} ms) and each stage's part of it (its median share of the samples of ${ROUNDS} profiled batches of about`,
  `${PROFILED_SECONDS * 1000} ms, one sample every ${SAMPLING_MICROS} µs). Load average at the end ${loadAverage}.`,
  '',
  `${''.padEnd(42)}${names.map(cell).join('')}`,
  `${'whole request'.padEnd(42)}${micros(whole)}`,
  ...(Object.entries(STAGES) as [Stage, string][]).map(
    ([stage, label]) => `${`  ${label}`.padEnd(42)}${micros(costs.get(stage) ?? [])}`,
  ),
  'A sample goes to the innermost frame that belongs to a stage: zod under the validator is validation,',
  'under the serializer serialisation; database work resumed from a promise is database. Access does no',
  'work on a public route, nor validation on a route without a body or query schema.',
];
process.stdout.write(`${lines.join('\n')}\n`);
await app.close();
await database.close();
