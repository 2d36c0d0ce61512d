// `npm test`: every check of the project, in order, stopping at the first stage that fails.
// type-check -> lint -> unit/API/web/back-office tests -> API tests on PostgreSQL (when TEST_DATABASE_URL is set)
// -> build -> browser journeys. Ends with one plain line that CI reads:
//   tests: N passed, N failed[, N skipped]
// A stage that is not a test run (type-check, lint, build) and fails counts as one failure, so that
// line never reads "0 failed" when the command exits non-zero.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tempDir = mkdtempSync(join(tmpdir(), 'bahtdesk-test-'));
// A stage that runs this long is stuck, not slow: the browser journeys take about 8 minutes on an
// idle 2-core machine and up to 12 on a busy one.
const STAGE_TIMEOUT_MS = 20 * 60_000;

const totals = { passed: 0, failed: 0, skipped: 0 };
const durations = [];

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
      detached: true,
    });
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
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      console.error(error.message);
      resolve(1);
    });
  });
}

/** A stage that is a plain command: success is its exit code. */
async function commandStage(name, command, args) {
  return timed(name, async () => {
    const code = await run(command, args);
    if (code !== 0) totals.failed += 1;
    return code === 0;
  });
}

/** A stage that runs vitest projects; results are counted from the json reporter. */
async function vitestStage(name, projects, env = {}) {
  return timed(name, async () => {
    const report = join(tempDir, `${name.replace(/\W+/g, '-')}.json`);
    const args = ['vitest', 'run', ...projects.map((p) => `--project=${p}`), '--passWithNoTests'];
    args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
    const code = await run('npx', args, env);
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

async function timed(name, body) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const ok = await body();
  const seconds = (performance.now() - started) / 1000;
  durations.push(`${name} ${seconds.toFixed(1)} s${ok ? '' : ' (failed)'}`);
  console.log(`--- ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  return ok;
}

async function main() {
  const stages = [
    () => commandStage('type-check', 'npx', ['tsc', '-p', 'tsconfig.json']),
    () => commandStage('lint', 'npx', ['biome', 'check', '.']),
    () =>
      vitestStage('unit, API (PGlite), kit, web and back-office tests', [
        'contract',
        'api',
        'ui',
        'web',
        'admin',
      ]),
    () => {
      if (!process.env.TEST_DATABASE_URL) {
        console.log('\nPostgreSQL suites did not run: TEST_DATABASE_URL is not set');
        return true;
      }
      return vitestStage('API tests on PostgreSQL', ['api-pg']);
    },
    () => commandStage('build', 'npm', ['run', 'build']),
    () => vitestStage('browser journeys', ['e2e']),
  ];
  let ok = true;
  for (const stage of stages) {
    if (!(await stage())) {
      ok = false;
      break;
    }
  }
  if (ok && totals.passed === 0) {
    console.error('No test ran.');
    totals.failed += 1;
    ok = false;
  }
  console.log(`\nstage durations: ${durations.join(', ')}`);
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  return ok;
}

const ok = await main().finally(() => rmSync(tempDir, { recursive: true, force: true }));
process.exit(ok ? 0 : 1);
