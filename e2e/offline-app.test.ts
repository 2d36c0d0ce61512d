// Journey: the member app works offline and is installable (issue 11 item 1, decision 0033). A
// service worker precaches the app shell, every route's chunk and the fonts: with the network cut,
// every page opens (a full navigation too, not only an in-app one), says the member is offline,
// and keeps the member signed in; no API answer is ever stored in a cache.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ serviceWorkers: 'allow' });

const title = (name: keyof typeof en.tabTitle) => en.tabTitle.format.replace('{{page}}', en.tabTitle[name]);

/** Every page of the app with its tab title, for a signed-in member. */
const PAGES = [
  ['/news', title('news')],
  ['/account', title('account')],
  ['/transaction-history', title('history')],
  ['/chkver', title('chkver')],
  ['/inspire', title('inspire')],
  ['/transaction', title('transaction')],
  ['/', en.app.title],
] as const;

/** Waits until the service worker has installed its precache and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

test('the app is installable: a manifest with English and Thai names and 192/512 px icons, and a service worker', async () => {
  const page = await browser.page();
  await openRoute(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    short_name: 'BahtDesk',
    start_url: '/',
    display: 'standalone',
    name_localized: { th: expect.stringContaining('ซื้อขาย USDT') },
  });
  expect(manifest.name).toContain('BahtDesk');
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await controlledByServiceWorker(page);
});

test('offline, every page opens from the cache (also by a full load), says it is offline and keeps the member signed in; no API answer is cached', async () => {
  const member = await newVerifiedMember();
  const context = await browser.context();
  await signInContext(context, member.token);
  const page = await browser.page();
  await openRoute(page, '/');
  await controlledByServiceWorker(page);

  // Requests the pages make while offline fail; that is what offline means.
  browser.allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await context.setOffline(true);
  for (const [route, expected] of PAGES) {
    // A full navigation: without the service worker this would be the browser's "No internet" page.
    await page.goto('about:blank');
    await openRoute(page, route);
    await expectRoute(page, route);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(expected);
    await page.getByText(en.offline).waitFor();
  }
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(member.token);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => /^\/assets\/sarabun-thai-400-normal-.+\.woff2$/.test(path))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

  await context.setOffline(false);
  await openRoute(page, '/account');
  await page.getByText(en.offline).waitFor({ state: 'detached' });
});
