// Journeys: which language a visitor sees (docs/product.md, Member rules).
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { expectLanguage, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

test('a first visit is in English', async () => {
  const page = await browser.page();
  await openRoute(page, '/');
  await expectLanguage(page, 'en');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
  await expect.poll(() => page.title()).toBe(en.app.title);
  const english = page
    .getByRole('group', { name: en.language.label })
    .getByRole('button', { name: 'English' });
  expect(await english.getAttribute('aria-pressed')).toBe('true');
});

test('switching to Thai survives a reload', async () => {
  const page = await browser.page();
  await openRoute(page, '/');
  await expectLanguage(page, 'en');
  await page.getByRole('group', { name: en.language.label }).getByRole('button', { name: 'ไทย' }).click();
  await expectLanguage(page, 'th');
  await page.getByRole('link', { name: th.nav.login }).first().waitFor();

  await page.reload();
  await expectLanguage(page, 'th');
  await page.getByRole('link', { name: th.nav.login }).first().waitFor();
  await expect.poll(() => page.title()).toBe(th.app.title);
  const cookies = await (await browser.context()).cookies();
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('th');
});

test('a visitor whose browser asks for Thai gets Thai', async () => {
  await browser.context({ locale: 'th-TH' });
  const page = await browser.page();
  await openRoute(page, '/');
  await expectLanguage(page, 'th');
  await page.getByRole('link', { name: th.nav.login }).first().waitFor();
  await expect.poll(() => page.title()).toBe(th.app.title);
});

test('a visitor from Thailand who chose English keeps English', async () => {
  await browser.context({ locale: 'th-TH' });
  const page = await browser.page();
  await openRoute(page, '/');
  await expectLanguage(page, 'th');
  await page.getByRole('group', { name: th.language.label }).getByRole('button', { name: 'English' }).click();
  await expectLanguage(page, 'en');
  await page.reload();
  await expectLanguage(page, 'en');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
});
