// Journey: a page chunk that fails to load reloads the page once, then shows 'An error occurred'
// instead of reloading in a loop; once the chunk can be had again, the page's reload button brings
// the page back (docs/product.md, Member rules).
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

const NEWS_CHUNK = /\/assets\/NewsListPage-[\w-]+\.js$/;

test('a chunk that fails to load reloads the page once, then shows the error page, never a loop', async () => {
  const page = await browser.page();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();

  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.route(NEWS_CHUNK, (route) => route.abort());
  // The failed import, as the browser and React report it.
  browser.allowConsoleError(/ERR_FAILED|dynamically imported module|error occurred|Failed to load resource/i);

  await openRoute(page, '/news');
  await page.getByRole('heading', { level: 1, name: en.error.title }).waitFor();
  expect(loads).toBe(1);
  await page.waitForTimeout(2_000);
  expect(loads).toBe(1);
  await expectRoute(page, '/news');

  await page.unroute(NEWS_CHUNK);
  await page.getByRole('button', { name: en.error.reload }).click();
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: en.error.title }).waitFor();
  expect(loads).toBe(2);
});
