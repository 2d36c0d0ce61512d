// Lighthouse mobile performance score of the built app's home page, in Debian's Chromium.
// `node bench/lighthouse.mjs [url]` measures `url`, or starts the built server on a fresh PGlite
// folder and measures its home page. bench/run.mjs calls lighthouseScore() on its own server.
import { spawn } from 'node:child_process';
import { repoRoot, startApi } from './processes.mjs';

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

/** Runs the Lighthouse CLI (default mobile config, performance only) and returns the score 0-100. */
export function lighthouseScore(url) {
  if (!new URL(url).hostname.startsWith('127.'))
    throw new Error(`Lighthouse runs on loopback only, not ${url}`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
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
        resolve({
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
export async function lighthouseMedian(url) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await lighthouseScore(url));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { runs, median: sorted[Math.floor(sorted.length / 2)] };
}

export function printLighthouse({ runs, median }) {
  const details = Object.entries(median.metrics)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  console.log(
    `Lighthouse mobile performance (home page): ${median.score}, the median of ${runs.length} runs ` +
      `(${runs.map((run) => run.score).join(', ')}); that run: ${details}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const api = given ? undefined : await startApi();
  try {
    printLighthouse(await lighthouseMedian(given ?? `${api.url}/`));
  } finally {
    await api?.stop();
  }
}
