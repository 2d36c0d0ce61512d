// `node bench/adversarial-input.mjs [git-ref ...]`: the CPU a request body with one 1 MB field costs
// the contract's schema (the validation the API runs on it), median of RUNS parses after a warm-up.
// It measures the working tree, then the contract as it is at each git ref given (e.g. `main`), so
// a change's before and after print side by side. JSON.parse of the same body is shown as the floor
// every request pays anyway. It prints figures and asserts nothing (the relative check lives in
// packages/contract/src/validators/inputCost.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const RUNS = 15;
const WARM_UP = 3;
const SIZE = 1_000_000;

/** `unit` repeated to SIZE characters, then `tail`. */
const fill = (unit, tail = '') =>
  unit.repeat(Math.ceil((SIZE - tail.length) / unit.length)).slice(0, SIZE - tail.length) + tail;

const profile = {
  firstName: 'Somchai',
  lastName: 'Jaidee',
  phone: '0812345678',
  email: 'somchai@example.com',
};
const bank = { type: 'bank', bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'Somchai Jaidee' };
const usdt = {
  type: 'usdt',
  network: 'SOLANA',
  uid: '12345678',
  address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
};

/** [label, schema name exported by the contract, body]. */
const CASES = [
  [
    'editProfile firstName "ab ab ... !"',
    'editProfileBodySchema',
    { ...profile, firstName: fill('ab ', '!') },
  ],
  ['editProfile firstName "aaa...a"', 'editProfileBodySchema', { ...profile, firstName: fill('a') }],
  ['editProfile email "a.a.a...@"', 'editProfileBodySchema', { ...profile, email: fill('a.', '@') }],
  ['editProfile phone "0 0 0 ... x"', 'editProfileBodySchema', { ...profile, phone: fill('0 ', 'x') }],
  [
    'addPayment accountName "ab ab ... \\0"',
    'addPaymentBodySchema',
    { ...bank, accountName: fill('ab ', '\0') },
  ],
  [
    'addPayment accountNumber "1-1-1-...x"',
    'addPaymentBodySchema',
    { ...bank, accountNumber: fill('1-', 'x') },
  ],
  ['addPayment address "   ...   "', 'addPaymentBodySchema', { ...usdt, address: fill(' ', 'x') }],
  ['addPayment nickname "ab ab ... \\0"', 'addPaymentBodySchema', { ...usdt, nickname: fill('ab ', '\0') }],
  ['signIn username "aaa...a"', 'signInBodySchema', { username: fill('a'), password: 'secret1' }],
  ['htmlPageInput link "a-a-a-...-"', 'htmlPageInputSchema', { link: fill('a-', '-') }],
];

async function bundleContract(label, srcRoot) {
  const outfile = join(root, `bench/dist/adversarial-contract-${label}.mjs`);
  await build({
    entryPoints: [join(srcRoot, 'packages/contract/src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // npm packages resolve from the repository's node_modules (bench/dist is inside it).
    plugins: [
      {
        name: 'externals',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => ({ path: a.path, external: true })),
      },
    ],
  });
  return import(pathToFileURL(outfile).href);
}

/** The contract bundled as it is at a git ref (its source extracted to a temporary folder). */
async function bundleAtRef(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-ref-'));
  try {
    const archive = execFileSync('git', ['archive', ref, 'packages/contract/src'], { cwd: root });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return await bundleContract(`ref-${ref.replace(/[^\w.-]/g, '_')}`, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median CPU milliseconds (user + system) of `fn`. */
function cpuMedian(fn) {
  for (let i = 0; i < WARM_UP; i++) fn();
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000);
  }
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const refs = process.argv.slice(2);
const contracts = [['working tree', await bundleContract('worktree', root)]];
for (const ref of refs) contracts.push([ref, await bundleAtRef(ref)]);

const fmt = (ms) => `${ms.toFixed(2)} ms`.padStart(12);
console.log(
  `CPU per parse of a body with one ${SIZE.toLocaleString('en')}-character field, median of ${RUNS}`,
);
console.log(
  `${'body'.padEnd(42)}${'JSON.parse'.padStart(12)}${contracts.map(([l]) => l.padStart(14)).join('')}`,
);
for (const [label, schemaName, body] of CASES) {
  const json = JSON.stringify(body);
  const parse = cpuMedian(() => JSON.parse(json));
  const cells = contracts.map(([, c]) => {
    const schema = c[schemaName];
    const parsed = JSON.parse(json);
    return fmt(cpuMedian(() => schema.safeParse(parsed))).padStart(14);
  });
  console.log(`${label.padEnd(42)}${fmt(parse)}${cells.join('')}`);
}
console.log(
  '(the schema columns time safeParse of the parsed body; JSON.parse is paid before validation anyway)',
);
