// Lighthouse mobile performance of the built app's pages (home, login, sign-up and, signed in,
// account), in Debian's Chromium. `node bench/lighthouse.mjs [url]` measures `url`, or starts the
// built server on a fresh PGlite folder and measures the four pages. bench/run.mjs calls
// lighthousePages() on its own server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot, signUpMember, startApi } from './processes.mjs';
import { recordFigure } from './table.mjs';

const TIMEOUT_MS = 180_000;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A Chromium profile whose local storage holds a member's session token for `origin`, so that a
 * Lighthouse run with it (and without its storage reset) measures a page as a signed-in member.
 */
async function signedInProfile(origin, token) {
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new'],
  });
  const page = await context.newPage();
  await page.goto(`${origin}/config.json`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await context.close();
  return dir;
}

/**
 * Runs the Lighthouse CLI (default mobile config, performance and best practices) and returns the
 * performance score 0-100, its metrics, and the best-practices score with the audits it failed
 * (a CSP violation logged in the console is one).
 * `profile`: a Chromium profile to use as it is (signedInProfile).
 */
export function lighthouseScore(url, { profile } = {}) {
  if (!new URL(url).hostname.startsWith('127.'))
    throw new Error(`Lighthouse runs on loopback only, not ${url}`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        '--only-categories=performance,best-practices',
        '--form-factor=mobile',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${[...CHROME_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])].join(' ')}`,
        ...(profile ? ['--disable-storage-reset'] : []),
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(stdout);
        const performance = report.categories?.performance;
        if (performance?.score == null)
          throw new Error(report.runtimeError?.message ?? 'no performance score');
        const metric = (id) => report.audits?.[id]?.displayValue ?? '?';
        const practices = report.categories?.['best-practices'];
        resolve({
          bestPractices: practices?.score == null ? '?' : Math.round(practices.score * 100),
          failedPractices: (practices?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && report.audits?.[ref.id]?.score === 0)
            .map((ref) => ref.id),
          score: Math.round(performance.score * 100),
          metrics: {
            FCP: metric('first-contentful-paint'),
            LCP: metric('largest-contentful-paint'),
            TBT: metric('total-blocking-time'),
            CLS: metric('cumulative-layout-shift'),
            SI: metric('speed-index'),
          },
        });
      } catch (error) {
        reject(new Error(`Lighthouse failed (exit ${code}): ${error.message}\n${stderr}`));
      }
    });
  });
}

const RUNS = 3;

/** Lighthouse varies from run to run (it says so itself): RUNS runs one after another, and the median. */
export async function lighthouseMedian(url, options) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await lighthouseScore(url, options));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { runs, median: sorted[Math.floor(sorted.length / 2)] };
}

/** The target (decision 0038): a median of at least 95 on each page, and no layout shift. */
const TARGET = 95;
/** Best Practices has a target of its own: every audit passed (that run's score is 100). */
const BEST_PRACTICES_TARGET = 100;

export function printLighthouse(page, { runs, median }, key) {
  const details = Object.entries(median.metrics)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  const meets =
    median.score >= TARGET &&
    Number(median.metrics.CLS) === 0 &&
    // '?' (Lighthouse gave no score) counts as a miss, not a pass.
    median.bestPractices === BEST_PRACTICES_TARGET;
  const verdict = meets ? 'meets' : 'misses';
  const failed = median.failedPractices.length > 0 ? ` (failed: ${median.failedPractices.join(', ')})` : '';
  console.log(
    `Lighthouse mobile performance (${page}): ${median.score}, the median of ${runs.length} runs ` +
      `(${runs.map((run) => run.score).join(', ')}); that run: ${details}; ${verdict} the target ` +
      `(median >= ${TARGET}, CLS 0, Best Practices ${BEST_PRACTICES_TARGET}); Best Practices ${median.bestPractices}${failed}`,
  );
  if (key) {
    const value = `${median.score} (${runs.map((run) => run.score).join(', ')}), CLS ${median.metrics.CLS}`;
    recordFigure(key, value, median.score >= TARGET && Number(median.metrics.CLS) === 0);
  }
}

/**
 * Home, login and sign-up as a visitor, the account page as a new signed-in member, and the
 * history page as the member whose token is `historyToken` (one with orders, when given).
 */
export async function lighthousePages(apiUrl, { historyToken } = {}) {
  const profile = await signedInProfile(apiUrl, await signUpMember(apiUrl));
  const historyProfile = historyToken ? await signedInProfile(apiUrl, historyToken) : profile;
  try {
    for (const [page, key, route, options] of [
      ['home', 'lighthouse home', '/', {}],
      ['login', 'lighthouse login', '/#/login', {}],
      ['sign-up', 'lighthouse sign-up', '/#/sign-up', {}],
      ['account, signed in', 'lighthouse account', '/#/account', { profile }],
      ['history, signed in', 'lighthouse history', '/#/transaction-history', { profile: historyProfile }],
    ]) {
      // A page Lighthouse failed on (under heavy load it can time out) does not stop the others.
      try {
        printLighthouse(page, await lighthouseMedian(`${apiUrl}${route}`, options), key);
      } catch (error) {
        process.exitCode = 1;
        console.error(`Lighthouse did not give a score for ${page}: ${error.message.split('\n')[0]}`);
        recordFigure(key, 'no score (Lighthouse failed)', false);
      }
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
    rmSync(historyProfile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const api = given ? undefined : await startApi();
  try {
    if (given) printLighthouse(given, await lighthouseMedian(given));
    else await lighthousePages(api.url);
  } finally {
    await api?.stop();
  }
}
