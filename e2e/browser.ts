// Helpers for browser journeys: Debian's Chromium through playwright-core, one browser per vitest
// worker and a new context per test; a test fails on any page error or console error it did not
// expect; axe-core checks; QR decoding; the operator CLI.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { JourneyServer } from './global-setup.ts';
import type { DeskResult } from './server-process.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Phone and desktop viewports used by the journeys. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The server of this worker slot: global-setup.ts starts one per slot, and vitest never runs two
 * files at once in one slot (VITEST_POOL_ID, 1 to the project's maxWorkers).
 */
export function journeyServer(): JourneyServer {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(slot - 1) % servers.length];
  if (!server) throw new Error('global-setup.ts started no server');
  return server;
}

/** The address of the server under test (global-setup.ts sets E2E_BASE_URL for its own calls). */
export function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? journeyServer().baseUrl;
}

/**
 * Launches Debian's Chromium (headless, the flags above). playwright-core gives every launch a
 * fresh temporary profile (--user-data-dir) and removes it at close.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

export interface BrowserSession {
  /** A new page in this test's context (the context is created on first use). */
  page(): Promise<Page>;
  /** This test's context, created with the file's options plus `overrides` on first use. */
  context(overrides?: BrowserContextOptions): Promise<BrowserContext>;
  /** Console errors matching this pattern do not fail the current test (e.g. while offline). */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * The browser's attempts to reconnect the live stream while `desk()` has the server stopped: the
 * page keeps working and reads everything again once the stream is back (decision 0020).
 */
const LIVE_STREAM_RECONNECT = /net::ERR_CONNECTION_REFUSED \(.*\/api\/live\)$/;

/**
 * The worker's browser: launched by the first journey file and kept for the files after it (the
 * e2e project runs with `isolate: false`, so this module stays loaded), instead of a launch and a
 * close for each file. Tests share nothing through it: each gets a new context. A browser that
 * crashed is launched again. Playwright stops it when the worker process exits.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedChromium(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchChromium();
  return workerBrowser;
}

/**
 * Records the page's uncaught errors and console errors in `problems` (what useBrowser fails a
 * test on), for a page a file keeps outside useBrowser's context.
 */
export function recordPageErrors(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    // The browser itself asks for /favicon.ico when a page declares no icon; that is not the page's error.
    if (where.endsWith('/favicon.ico')) return;
    problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
}

/** The recorded problems a test fails on: all but the live stream reconnecting and those `allowed`. */
export function unexpectedPageErrors(problems: string[], allowed: RegExp[] = []): string[] {
  return problems.filter(
    (problem) => !LIVE_STREAM_RECONNECT.test(problem) && !allowed.some((pattern) => pattern.test(problem)),
  );
}

/**
 * Registers the hooks of a journey file: the worker's browser, a fresh context per test, and a
 * check after each test that no page threw and nothing was logged as a console error.
 */
export function useBrowser(defaults: BrowserContextOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const problems: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    browser = await sharedChromium();
  });
  afterAll(async () => {
    // A context a failed hook left open; the browser stays for the next file.
    await context?.close();
    context = undefined;
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    const found = unexpectedPageErrors(problems, allowed);
    problems.length = 0;
    allowed = [];
    if (found.length > 0) throw new Error(`the page reported errors:\n${found.join('\n')}`);
  });

  async function getContext(overrides: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (context) return context;
    if (!browser)
      throw new Error('useBrowser: the browser is not running (call it at the top of a test file)');
    // No service worker unless a file asks for one (offline-app.test.ts): a journey sees the server's
    // answers, and page.route sees every request.
    context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      serviceWorkers: 'block',
      ...defaults,
      ...overrides,
    });
    context.on('page', (page) => recordPageErrors(page, problems));
    return context;
  }

  return {
    context: getContext,
    async page() {
      return (await getContext()).newPage();
    },
    allowConsoleError(pattern) {
      allowed.push(pattern);
    },
  };
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns every violation, whatever its impact.
 * The script is evaluated through the DevTools protocol, so the page's CSP need not allow it, and
 * once per document: a second check of the same page (another width, a dialog, the next screen
 * reached inside the app) reuses it.
 */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/**
 * Waits until the page shows its own content: a heading, no request or page chunk in flight (the
 * loading bar is gone) and nothing marked `aria-busy`, for three animation frames in a row (so a
 * request a page starts right after its first render is seen). Faster than waiting for network
 * idle, which also waits out the live stream and half a second of quiet after every page.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { settledFrames?: number }).settledFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const state = window as { settledFrames?: number };
      const busy =
        !document.querySelector('h1') || document.querySelector('.loading-bar, [aria-busy="true"]') !== null;
      state.settledFrames = busy ? 0 : (state.settledFrames ?? 0) + 1;
      return state.settledFrames >= 3;
    },
    undefined,
    { polling: 'raf' },
  );
}

/** The serious and critical violations axe-core finds on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await a11yViolations(page);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

interface AxeResults {
  violations: { id: string; impact?: string; help: string; nodes: { target: string[] }[] }[];
}

/**
 * Decodes the QR code shown by an element (canvas, img or svg alike): takes a screenshot of it,
 * lets the page decode the PNG into pixels on a white margin, and reads the pixels with jsQR.
 */
export async function decodeQr(page: Page, element: Locator): Promise<string | undefined> {
  const png = (await element.screenshot()).toString('base64');
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const margin = 32;
    const width = bitmap.width + 2 * margin;
    const height = bitmap.height + 2 * margin;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, margin, margin);
    const data = context.getImageData(0, 0, width, height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    }
    return { width, height, rgba: btoa(binary) };
  }, png);
  const pixels = new Uint8ClampedArray(Buffer.from(image.rgba, 'base64'));
  return jsQR(pixels, image.width, image.height)?.data;
}

/**
 * Runs the built operator CLI (`node apps/api/dist/desk.js ...args`, no rebuild) against the
 * server's database, signed in as the journeys' admin (the harness gives `--as`, the password and
 * a TOTP code). The harness stops the server, runs the command on the same PGlite folder and
 * starts the server again on the same address; open pages keep working after it. Throws if the
 * command fails. Only journeys about the command line use it: the others change settings through
 * the admin API (`saveSetting`), which needs no restart.
 */
export async function desk(...args: string[]): Promise<DeskResult> {
  const response = await fetch(journeyServer().deskUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args, signIn: true }),
  });
  if (!response.ok)
    throw new Error(`the harness could not run desk ${args.join(' ')}: ${await response.text()}`);
  const result = (await response.json()) as DeskResult;
  if (result.code !== 0) {
    throw new Error(`desk ${args.join(' ')} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
