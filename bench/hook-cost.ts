// In-process measure of the security-headers hook: the same route on two Fastify apps, one with
// the API's hook, driven with app.inject (no sockets) in alternating batches; prints JSON with the
// CPU time per request of each and the hook's cost (medians over paired rounds). bench/run.mjs
// bundles and runs it.
import { cpuUsage } from 'node:process';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeadersPlugin } from '../apps/api/src/plugins/security-headers.ts';

const ROUNDS = 20;
const PER_BATCH = 2000;

async function helloApp(withHook: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  if (withHook) await app.register(securityHeadersPlugin, { apiUrl: '' });
  app.get('/', async () => ({ hello: 'world' }));
  await app.ready();
  return app;
}

/** CPU µs per request over one batch of injected requests. */
async function batch(app: FastifyInstance): Promise<number> {
  const before = cpuUsage();
  for (let i = 0; i < PER_BATCH; i++) await app.inject({ method: 'GET', url: '/' });
  const used = cpuUsage(before);
  return (used.user + used.system) / PER_BATCH;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const bare = await helloApp(false);
const hooked = await helloApp(true);
await batch(bare);
await batch(hooked);
const bareRuns: number[] = [];
const hookedRuns: number[] = [];
const differences: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Each round measures both, in alternating order; the cost is the median of the rounds' differences.
  let bareCost: number;
  let hookedCost: number;
  if (round % 2 === 0) {
    bareCost = await batch(bare);
    hookedCost = await batch(hooked);
  } else {
    hookedCost = await batch(hooked);
    bareCost = await batch(bare);
  }
  bareRuns.push(bareCost);
  hookedRuns.push(hookedCost);
  differences.push(hookedCost - bareCost);
}
process.stdout.write(
  `${JSON.stringify({
    requests: 2 * ROUNDS * PER_BATCH,
    bare: median(bareRuns),
    hooked: median(hookedRuns),
    cost: median(differences),
  })}\n`,
);
