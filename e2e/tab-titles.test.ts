// Journey: each page has its own browser tab title in the current language (issue 11 item 7).
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { expectLanguage, openRoute } from './routes.ts';

const browser = useBrowser();

const PAGES = [
  ['/news', 'news'],
  ['/login', 'login'],
  ['/sign-up', 'signUp'],
  ['/forgot-password', 'forgotPassword'],
] as const;

test.each([
  ['en-US', 'en', en],
  ['th-TH', 'th', th],
] as const)('every visitor page has its own tab title (%s)', async (locale, lang, catalogue) => {
  await browser.context({ locale });
  const page = await browser.page();
  await openRoute(page, '/');
  await expectLanguage(page, lang);
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(catalogue.app.title);
  for (const [route, name] of PAGES) {
    await openRoute(page, route);
    const expected = catalogue.tabTitle.format.replace('{{page}}', catalogue.tabTitle[name]);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(expected);
  }
});
