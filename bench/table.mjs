// The performance table (decision 0065 and after): every figure the requirement names, with its
// target and verdict, gathered from the sections as they measure and printed once at the end of
// `npm run bench`. A figure whose section did not run (or had no PostgreSQL) says so.

/** The rows in the requirement's order: key, the figure's name, its target. */
const ROWS = [
  ['profile PGlite', 'profile, PGlite: CPU per request / p99 at 50 connections', '<= 1,000 µs / 250 ms'],
  ['profile PostgreSQL', 'profile, PostgreSQL: req/s against bare (CPU/req)', '>= 0.12x'],
  ['list PGlite', 'getTransactionList (200 orders), PGlite: CPU per request / p99', '<= 1,000 µs / 250 ms'],
  ['list PostgreSQL', 'getTransactionList (200 orders), PostgreSQL: req/s against bare', '>= 0.12x'],
  ['maintenanceStatus PGlite', 'maintenanceStatus, PGlite: req/s, CPU against bare', '>= 0.5x, CPU <= 2x'],
  [
    'maintenanceStatus PostgreSQL',
    'maintenanceStatus, PostgreSQL: req/s, CPU against bare',
    '>= 0.5x, CPU <= 2x',
  ],
  ['getRate PGlite', 'getRate, PGlite: req/s, CPU against bare', '>= 0.5x, CPU <= 2x'],
  ['getRate PostgreSQL', 'getRate, PostgreSQL: req/s, CPU against bare', '>= 0.5x, CPU <= 2x'],
  ['create PGlite', 'createTransaction, PGlite: p99 at 50 connections', '<= 500 ms, no non-2xx'],
  [
    'create PostgreSQL',
    'createTransaction, PostgreSQL: req/s against its raw-pg floor',
    '>= 0.6x, no non-2xx',
  ],
  ['http non-2xx', "the bench's http section: answers other than 2xx", '0'],
  ['lighthouse home', 'Lighthouse mobile, median of 3: home', '>= 95, CLS 0'],
  ['lighthouse login', 'Lighthouse mobile, median of 3: login', '>= 95, CLS 0'],
  ['lighthouse sign-up', 'Lighthouse mobile, median of 3: sign-up', '>= 95, CLS 0'],
  ['lighthouse account', 'Lighthouse mobile, median of 3: account (signed in)', '>= 95, CLS 0'],
  ['lighthouse history', 'Lighthouse mobile, median of 3: history (signed in)', '>= 95, CLS 0'],
  ['console sign-in JS', 'console sign-in JS, brotli', '<= 150 KB'],
];

const measured = new Map();

/** Records a figure of the table: what was measured (text) and whether it meets its target. */
export function recordFigure(key, value, met) {
  if (!ROWS.some(([row]) => row === key)) throw new Error(`no row ${key} in the performance table`);
  measured.set(key, { value, met });
}

/** Prints the table; `load` is the machine's load average, said beside it. */
export function printTable(load) {
  console.log('\n## The performance table: each figure, its target and verdict\n');
  console.log(`(load average at the end: ${load}; ratios against bare Fastify in the same rounds)\n`);
  const width = Math.max(...ROWS.map(([, name]) => name.length)) + 2;
  for (const [key, name, target] of ROWS) {
    const figure = measured.get(key);
    const verdict = figure ? (figure.met ? 'met' : 'NOT met') : 'not measured in this run';
    console.log(
      `${name.padEnd(width)}${(figure?.value ?? '-').padEnd(40)}target ${target.padEnd(24)}${verdict}`,
    );
  }
}
