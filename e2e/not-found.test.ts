// Journey: an unknown route shows the 404 page with its exact texts and a way home
// (docs/product.md, Screens). Without a token the guard sends every path outside home, news,
// sign-up, login and forgot-password (any path containing them) to /login (docs/product.md, Member
// rules), so a visitor meets the 404 page under one of those, e.g. /news/no/such/page.
import { expect, test } from 'vitest';
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { expectLanguage, expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

test('an unknown route shows "404 Not Found", its text and a button back home', async () => {
  const page = await browser.page();
  await openRoute(page, '/news/no/such/page');
  await page.getByRole('heading', { level: 1, name: '404 Not Found' }).waitFor();
  await page.getByText('page not found, you may have typed the wrong link').waitFor();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expectRoute(page, '/');
});

test('the 404 page in Thai', async () => {
  await browser.context({ locale: 'th-TH' });
  const page = await browser.page();
  await openRoute(page, '/news/no/such/page');
  await expectLanguage(page, 'th');
  await page.getByRole('heading', { level: 1, name: th.notFound.title }).waitFor();
  await page.getByText(th.notFound.text).waitFor();
  expect(await page.getByRole('link', { name: th.notFound.back }).count()).toBeGreaterThan(0);
});

test('a visitor without a token who opens an unknown path is sent to /login', async () => {
  const page = await browser.page();
  await openRoute(page, '/no-such-page');
  await expectRoute(page, '/login');
});
