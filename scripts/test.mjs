// `npm test`: every check of the project; no stage starts once one has failed. Two lanes run side
// by side from the start:
//   1. type-check beside lint, then the build, then the browser journeys (which use the build);
//   2. the unit, API (PGlite), kit, web and back-office tests (which do not);
// and the API tests on PostgreSQL (when TEST_DATABASE_URL is set) run in whichever lane is free
// first. The journeys mostly wait on the browser and the server (about two thirds of a core on
// average), so on two cores the other tests fit beside them. A failed type-check, lint or build
// also stops the tests running beside it; a failed test run lets the one beside it finish. The
// heavy suites are sized for this tier: the fuzz sends FUZZ_RUNS requests per endpoint
// (DEFAULT_RUNS in apps/api/test/fuzz/requests.ts unless set, with a fresh seed each suite
// prints) and the accessibility matrix checks every page at one width.
//
// `npm run test:deep` (`--deep`): the fuzz at 5,000 requests per endpoint on PGlite and on
// PostgreSQL (TEST_DATABASE_URL is required), then the build and the accessibility matrix at
// every width; it prints its figures (requests per endpoint, 5xx answers, time) at the end.
//
// Both end with the stage durations and the total, then one plain line that CI reads:
//   tests: N passed, N failed[, N skipped]
// A stage that is not a test run (type-check, lint, build) and fails counts as one failure, so that
// line never reads "0 failed" when the command exits non-zero. A test run stopped that way counts
// as nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tempDir = mkdtempSync(join(tmpdir(), 'bahtdesk-test-'));
const deep = process.argv.includes('--deep');
// A stage that runs this long is stuck, not slow. `npm test`'s longest stage, the browser
// journeys, takes about 10 minutes on an idle 2-core machine and up to 15 on a busy one; the deep
// tier's fuzz takes about half an hour a database.
const STAGE_TIMEOUT_MS = (deep ? 120 : 25) * 60_000;
const DEEP_FUZZ_RUNS = 5000;

const totals = { passed: 0, failed: 0, skipped: 0 };
const durations = [];
/** The commands running now (each its own process group). */
const running = new Set();
/** Set by a failure: no stage starts after it. */
let failedOnce = false;
/** Set when a type-check, lint or build failure stopped the commands that were running. */
let halted = false;

/**
 * After a type-check, lint or build failure: stop every command still running (the tests beside
 * them); their stages count as stopped, not failed.
 */
function halt() {
  halted = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Runs a command in its own process group (so a timeout stops all of it). With `buffer`, its
 * output is kept and printed in one piece when it ends, for a stage that runs beside another.
 */
function run(command, args, env = {}, buffer = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', buffer ? 'pipe' : 'inherit', buffer ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    const output = [];
    if (buffer) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const timer = setTimeout(() => {
      console.error(
        `\n${command} ${args.join(' ')} ran past ${STAGE_TIMEOUT_MS / 60_000} minutes; stopping it.`,
      );
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, STAGE_TIMEOUT_MS);
    const done = (code) => {
      running.delete(child);
      clearTimeout(timer);
      if (buffer) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      done(1);
    });
  });
}

/** A stage that is a plain command: success is its exit code. */
function commandStage(name, command, args) {
  return (buffer) =>
    timed(name, buffer, async () => {
      const code = await run(command, args, {}, buffer);
      if (halted) return undefined;
      if (code !== 0) {
        totals.failed += 1;
        halt();
      }
      return code === 0;
    });
}

/** A stage that runs vitest (projects and files); results are counted from the json reporter. */
function vitestStage(name, args, env = {}) {
  return (buffer) =>
    timed(name, buffer, async () => {
      const report = join(tempDir, `${name.replace(/\W+/g, '-')}.json`);
      const code = await run(
        'npx',
        ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
        env,
        buffer,
      );
      if (halted) return undefined;
      const counts = readCounts(report);
      if (counts) {
        totals.passed += counts.passed;
        totals.failed += counts.failed;
        totals.skipped += counts.skipped;
        console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      }
      if (code !== 0 && (!counts || counts.failed === 0)) {
        // vitest failed outside any test (a suite that did not load, an unhandled error, a timeout).
        totals.failed += 1;
      }
      return code === 0;
    });
}

function readCounts(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    // A test file that failed without any failing test (it did not load, a hook threw) counts once.
    const brokenFiles = (json.testResults ?? []).filter(
      (result) =>
        result.status === 'failed' && !result.assertionResults?.some((test) => test.status === 'failed'),
    ).length;
    return {
      passed: json.numPassedTests ?? 0,
      failed: (json.numFailedTests ?? 0) + brokenFiles,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

/**
 * Runs one stage and records its duration. `body` answers whether it passed, or undefined when it
 * was stopped because a type-check, lint or build failed beside it. No stage starts once one has
 * failed; test runs already going when one fails run to their end.
 */
async function timed(name, buffer, body) {
  if (failedOnce) return false;
  if (!buffer) console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = await body();
  const seconds = (performance.now() - started) / 1000;
  const outcome = result === undefined ? 'stopped' : result ? 'passed' : 'FAILED';
  durations.push(`${name} ${seconds.toFixed(1)} s${result ? '' : ` (${outcome.toLowerCase()})`}`);
  console.log(`--- ${name}: ${outcome} in ${seconds.toFixed(1)} s`);
  if (!result) failedOnce = true;
  return result === true;
}

/**
 * Stages run side by side: the first one's output streams, the others' is printed as each ends.
 * Succeeds when all of them do.
 */
function sideBySide(...stages) {
  return async (buffer = false) => {
    const results = await Promise.all(stages.map((stage, i) => stage(buffer || i > 0)));
    return results.every(Boolean);
  };
}

/**
 * Lanes side by side, each running its own stages in turn; then each takes the stages of `shared`
 * one at a time, whichever lane is free first. The first lane's output streams, the others' is
 * printed as each stage ends. Succeeds when every stage does.
 */
function lanes(laneStages, shared) {
  return async () => {
    const queue = [...shared];
    const results = await Promise.all(
      laneStages.map(async (stages, i) => {
        const buffer = i > 0;
        for (const stage of stages) if (!(await stage(buffer))) return false;
        for (let stage = queue.shift(); stage; stage = queue.shift()) {
          if (!(await stage(buffer))) return false;
        }
        return true;
      }),
    );
    return results.every(Boolean);
  };
}

function postgresStage() {
  if (process.env.TEST_DATABASE_URL) return vitestStage('API tests on PostgreSQL', ['--project=api-pg']);
  return async () => {
    console.log('\nPostgreSQL suites did not run: TEST_DATABASE_URL is not set');
    return true;
  };
}

function quickStages() {
  return [
    lanes(
      [
        [
          sideBySide(
            commandStage('type-check', 'npx', ['tsc', '-p', 'tsconfig.json']),
            commandStage('lint', 'npx', ['biome', 'check', '.']),
          ),
          commandStage('build', 'npm', ['run', 'build']),
          vitestStage('browser journeys', ['--project=e2e']),
        ],
        [
          vitestStage('unit, API (PGlite), kit, web and back-office tests', [
            '--project=contract',
            '--project=api',
            '--project=ui',
            '--project=web',
            '--project=admin',
          ]),
        ],
      ],
      [postgresStage()],
    ),
  ];
}

const fuzzReport = join(tempDir, 'fuzz.jsonl');

function deepStages() {
  const runs = Number(process.env.FUZZ_RUNS) || DEEP_FUZZ_RUNS;
  const fuzz = { FUZZ_RUNS: String(runs), FUZZ_REPORT: fuzzReport };
  return [
    () => {
      if (process.env.TEST_DATABASE_URL) return true;
      console.error('\nThe deep tier fuzzes both databases: set TEST_DATABASE_URL to a PostgreSQL database.');
      totals.failed += 1;
      return false;
    },
    vitestStage('fuzz on PGlite', ['--project=api', 'apps/api/test/fuzz/'], fuzz),
    vitestStage('fuzz on PostgreSQL', ['--project=api-pg', 'apps/api/test/fuzz/'], fuzz),
    commandStage('build', 'npm', ['run', 'build']),
    vitestStage('accessibility at every width', ['--project=e2e', 'e2e/accessibility.test.ts'], {
      E2E_A11Y_WIDTH: 'all',
    }),
  ];
}

/** The deep tier's figures: per database, endpoints, requests per endpoint, 5xx answers and time. */
function printFuzzFigures() {
  if (!existsSync(fuzzReport)) return;
  const lines = readFileSync(fuzzReport, 'utf8').trim().split('\n').filter(Boolean).map(JSON.parse);
  console.log('\nfuzz figures:');
  for (const database of [...new Set(lines.map((l) => l.database))]) {
    const of = lines.filter((l) => l.database === database);
    const runs = [...new Set(of.map((l) => l.runs))].join('/');
    const errors = of.reduce((n, l) => n + l.serverErrors, 0);
    const seconds = of.reduce((n, l) => n + l.ms, 0) / 1000;
    const seeds = [...new Set(of.map((l) => l.seed))].join(', ');
    console.log(
      `  ${database}: ${of.length} endpoints, ${runs} requests per endpoint, ${errors} 5xx answers, ${seconds.toFixed(0)} s (seeds ${seeds})`,
    );
    for (const l of of.filter((l) => l.serverErrors > 0)) {
      console.log(`    ${l.endpoint}: ${l.serverErrors} 5xx answers`);
    }
  }
}

async function main() {
  const started = performance.now();
  let ok = true;
  for (const stage of deep ? deepStages() : quickStages()) {
    if (!(await stage(false))) {
      ok = false;
      break;
    }
  }
  if (ok && totals.passed === 0) {
    console.error('No test ran.');
    totals.failed += 1;
    ok = false;
  }
  if (deep) printFuzzFigures();
  const total = (performance.now() - started) / 1000;
  console.log(`\nstage durations: ${durations.join(', ')}; total ${total.toFixed(1)} s`);
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  return ok;
}

const ok = await main().finally(() => rmSync(tempDir, { recursive: true, force: true }));
process.exit(ok ? 0 : 1);
