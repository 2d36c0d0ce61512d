// `node bench/signin-timing.mjs` (also section `signin` of `npm run bench`): the median time of a
// sign-in with an unknown username beside one with a known username and a wrong password, 200
// tries each, interleaved, against the app in this process (no network), with production argon2id
// cost. Both must answer 999 in about the same time, so the timing does not tell which usernames
// exist; the target is a difference under 5 ms. It prints the figures and asserts nothing.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const TRIES = 200;
const WARM_UP = 20;

const outfile = join(root, 'bench/dist/signin-app.mjs');
await build({
  entryPoints: [join(root, 'bench/signin-app.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bahtdesk/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const { signInBenchApp } = await import(pathToFileURL(outfile).href);

const bench = await signInBenchApp();
const { app } = bench;
await bench.addMember('benchknown', 'rightpass1');
const signature = (await app.inject({ method: 'GET', url: '/api/clientSignature' })).json().result.period
  .clientSignature;

async function timeSignIn(username, password, expectedCode) {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/external/auth/auth',
    headers: { 'content-type': 'application/json', 'x-client-signature': signature },
    payload: JSON.stringify({ username, password }),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const code = res.json().code;
  if (code !== expectedCode) throw new Error(`sign-in answered ${code}, expected ${expectedCode}`);
  return ms;
}

const cases = {
  unknown: () => timeSignIn(`nobody${Math.random().toString(36).slice(2, 10)}`, 'wrongpass1', 999),
  known: () => timeSignIn('benchknown', 'wrongpass1', 999),
  success: () => timeSignIn('benchknown', 'rightpass1', 0),
};
const times = { unknown: [], known: [], success: [] };
for (let i = 0; i < WARM_UP; i++) for (const run of Object.values(cases)) await run();
for (let i = 0; i < TRIES; i++) {
  // Interleaved, so drift in machine load affects every case alike.
  for (const [name, run] of Object.entries(cases)) times[name].push(await run());
}
await bench.close();

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (ms) => `${ms.toFixed(2)} ms`;
const unknown = median(times.unknown);
const known = median(times.known);
console.log(`argon2id ${bench.argon2}, ${TRIES} tries each after ${WARM_UP} warm-up, in process`);
console.log(`median sign-in, unknown username:              ${fmt(unknown)}`);
console.log(`median sign-in, known username, wrong password: ${fmt(known)}`);
console.log(`difference (known - unknown):                   ${fmt(known - unknown)}`);
console.log(
  `target: under 5 ms apart:                       ${Math.abs(known - unknown) < 5 ? 'met' : 'NOT met'}`,
);
console.log(`(for reference) median successful sign-in:      ${fmt(median(times.success))}`);
