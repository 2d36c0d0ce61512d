// Journey: the member app works offline and is installable (decision 0033). A
// service worker precaches the app shell, every route's chunk and the fonts: with the network cut,
// every page opens (a full navigation too, not only an in-app one), says the member is offline,
// shows its content or says it is offline (never a loading text that does not end, nor "not
// found"), keeps the member signed in, and loads what it could not once back online; no API
// answer is ever stored in a cache.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import account from '../apps/web/src/locales/en/account.json' with { type: 'json' };
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import forgotPassword from '../apps/web/src/locales/en/forgotPassword.json' with { type: 'json' };
import home from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import news from '../apps/web/src/locales/en/news.json' with { type: 'json' };
import signIn from '../apps/web/src/locales/en/signIn.json' with { type: 'json' };
import signUp from '../apps/web/src/locales/en/signUp.json' with { type: 'json' };
import transaction from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { expectRoute, firstNewsRoute, openRoute } from './routes.ts';

const browser = useBrowser({ serviceWorkers: 'allow' });

const title = (name: keyof typeof en.tabTitle) => en.tabTitle.format.replace('{{page}}', en.tabTitle[name]);

/** A page opened offline: its tab title and a text it shows (its content, or that it is offline). */
interface OfflinePage {
  route: string;
  title: string;
  shows: string;
}

/** Every page of the app, for a signed-in member, as it shows offline after a full load. */
const memberPages = (article: string): OfflinePage[] => [
  { route: '/news', title: title('news'), shows: en.offlineState },
  { route: article, title: title('news'), shows: en.offlineState },
  { route: '/account', title: title('account'), shows: en.offlineState },
  { route: '/transaction-history', title: title('history'), shows: en.offlineState },
  { route: '/chkver', title: title('chkver'), shows: en.chkver.down },
  { route: '/inspire', title: title('inspire'), shows: en.inspire.quote },
  { route: '/transaction', title: title('transaction'), shows: en.offlineState },
  { route: '/no/such/page', title: title('notFound'), shows: en.notFound.title },
  { route: '/', title: en.app.title, shows: en.offlineState },
];

/** The pages a visitor opens, offline after a full load. */
const visitorPages = (article: string): OfflinePage[] => [
  { route: '/login', title: title('login'), shows: signIn.title },
  { route: '/sign-up', title: title('signUp'), shows: signUp.title },
  { route: '/forgot-password', title: title('forgotPassword'), shows: forgotPassword.title },
  { route: article, title: title('news'), shows: en.offlineState },
  // A visitor is sent to sign in from unknown top-level paths; one under /news is not found.
  { route: '/news/no/such/page', title: title('notFound'), shows: en.notFound.title },
];

/** Texts that would mean a page waits for an answer that cannot come, or calls itself missing. */
const NEVER_OFFLINE = [
  en.app.loading,
  account.form.loading,
  home.rates.loading,
  transaction.order.loading,
  transaction.quote.loadingRates,
  news.missing.title,
];

/** Opens each page by a full load (the network cut) and checks what it shows. */
async function walkOffline(page: Page, pages: OfflinePage[]): Promise<void> {
  for (const { route, title: expected, shows } of pages) {
    // A full navigation: without the service worker this would be the browser's "No internet" page.
    await page.goto('about:blank');
    await openRoute(page, route);
    await expectRoute(page, route);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(expected);
    await page.getByText(en.offline).waitFor();
    await page.locator('main').getByText(shows, { exact: true }).first().waitFor();
    // Each call a page makes fails soon offline: a loading text still shown after that never ends.
    for (const text of NEVER_OFFLINE) {
      await expect
        .poll(() => page.getByText(text, { exact: true }).count(), { message: `${route} shows "${text}"` })
        .toBe(0);
    }
  }
}

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

test('offline, every page opens from the cache (also by a full load), shows its content or says it is offline, keeps the member signed in and loads again once online; no API answer is cached', async () => {
  const member = await newVerifiedMember();
  const article = await firstNewsRoute();
  const context = await browser.context();
  await signInContext(context, member.token);
  const page = await browser.page();
  await openRoute(page, '/');
  await controlledByServiceWorker(page);

  // Requests the pages make while offline fail; that is what offline means.
  browser.allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await context.setOffline(true);
  await walkOffline(page, memberPages(article));
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

  // Back online, a page opened offline loads what it could not, without a reload: the account
  // page its profile (which the guard reads again), the article its news call.
  await page.goto('about:blank');
  await openRoute(page, '/account');
  await page.locator('main').getByText(en.offlineState).waitFor();
  await context.setOffline(false);
  await page.getByText(account.signedInAs.replace('{{username}}', member.username)).waitFor();
  await page.getByText(en.offline).waitFor({ state: 'detached' });
  await context.setOffline(true);
  await page.goto('about:blank');
  await openRoute(page, article);
  await page.locator('main').getByText(en.offlineState).waitFor();
  await context.setOffline(false);
  await page.locator('.news-article__date').waitFor();
  expect(await page.getByText(en.offlineState).count()).toBe(0);

  // Offline again, the order form opened from a page already shown (the profile known): it says
  // the rates wait for the connection rather than getting them forever.
  await context.setOffline(true);
  await openRoute(page, '/transaction');
  await page.locator('.order-form').getByText(en.offlineState).waitFor();
  await expect.poll(() => page.getByText(transaction.quote.loadingRates, { exact: true }).count()).toBe(0);
});

test('offline, a visitor opens the sign-in, sign-up and forgot-password pages, a news article and the not-found page', async () => {
  const article = await firstNewsRoute();
  const context = await browser.context();
  const page = await browser.page();
  await openRoute(page, '/');
  await controlledByServiceWorker(page);

  browser.allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await context.setOffline(true);
  await walkOffline(page, visitorPages(article));
});
