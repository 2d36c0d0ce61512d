// Journey: the operator switches maintenance off with the command line; every page goes to
// /maintenance; switched on again, /maintenance goes back home (docs/product.md, Member rules).
// desk() restarts the server (see docs/testing.md), so no page is left open across it, and it is
// called once: switching on again goes through the admin API, as every other journey here does
// (the command's "on" is tested in apps/api/src/cli/desk.test.ts).
import { afterAll, expect, test } from 'vitest';
import enAccount from '../apps/web/src/locales/en/account.json' with { type: 'json' };
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import thAccount from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { desk, PHONE, seriousA11yViolations, useBrowser } from './browser.ts';
import { newSignedInMember, signInContext } from './members.ts';
import { expectLanguage, expectRoute, openRoute } from './routes.ts';
import { saveSetting } from './staff.ts';

const browser = useBrowser({ locale: 'en-US' });

// Pages a visitor can open, a member's page and unknown ones.
const ROUTES = [
  '/',
  '/news',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/account',
  '/chkver',
  '/no-such-page',
];

afterAll(async () => {
  await saveSetting('maintenance', 'on');
});

test('maintenance off sends every page to /maintenance, and on sends /maintenance home', async () => {
  const off = await desk('maintenance', 'off');
  expect(off.stdout).toMatch(/\boff\b/);

  const page = await browser.page();
  await openRoute(page, '/');
  await expectRoute(page, '/maintenance');
  await page.getByRole('heading', { level: 1, name: en.maintenance.title }).waitFor();
  await page.getByText(en.maintenance.text).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The logo, the language switch and the contact dialog are there while the rest is closed.
  await page.getByRole('banner').getByText(en.app.name).waitFor();
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('System maintenance - BahtDesk');
  await page.getByRole('group', { name: en.language.label }).getByRole('button', { name: 'ไทย' }).click();
  await page.getByRole('heading', { level: 1, name: th.maintenance.title }).waitFor();
  // The tab title in Thai, without the invisible marks that keep compounds whole (thai-terms.ts).
  await expect
    .poll(() => page.title(), { timeout: 10_000 })
    .toBe(th.tabTitle.format.replace('{{page}}', th.tabTitle.maintenance));
  expect(await page.evaluate(() => /[\u2060\u200b]/.test(document.title))).toBe(false);
  await page.getByRole('group', { name: th.language.label }).getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { level: 1, name: en.maintenance.title }).waitFor();
  await page.getByRole('button', { name: en.footer.contact }).click();
  await page
    .getByRole('dialog', { name: en.contact.title })
    .getByRole('img', { name: en.contact.qrAlt })
    .waitFor();
  await page.keyboard.press('Escape');
  // Moving around inside the app (hash navigation) lands on the maintenance page too.
  for (const route of ROUTES) {
    await openRoute(page, route);
    await expectRoute(page, '/maintenance');
    await page.getByRole('heading', { level: 1, name: en.maintenance.title }).waitFor();
  }
  await page.close();

  await saveSetting('maintenance', 'on');
  const later = await browser.page();
  await openRoute(later, '/maintenance');
  await expectRoute(later, '/');
  await later.getByRole('link', { name: en.nav.login }).first().waitFor();
  // The desk() call stops and starts the server: tens of seconds on a busy machine.
}, 120_000);

test('the maintenance page speaks Thai to a Thai visitor', async () => {
  await saveSetting('maintenance', 'off');
  await browser.context({ locale: 'th-TH' });
  const page = await browser.page();
  await openRoute(page, '/news');
  await expectRoute(page, '/maintenance');
  await expectLanguage(page, 'th');
  await page.getByRole('heading', { level: 1, name: th.maintenance.title }).waitFor();
  await page.getByText(th.maintenance.text).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.close();
  await saveSetting('maintenance', 'on');
});

for (const lang of ['en', 'th'] as const) {
  test(`a signed-in member stays signed in through maintenance and is returned to the page when it ends (${lang})`, async () => {
    const common = lang === 'th' ? th : en;
    const account = lang === 'th' ? thAccount : enAccount;
    const member = await newSignedInMember();
    const context = await browser.context(
      lang === 'th' ? { locale: 'th-TH', viewport: PHONE } : { locale: 'en-US' },
    );
    await signInContext(context, member.token);
    // The member's calls during maintenance are answered 997 with HTTP 503, which Chromium logs.
    browser.allowConsoleError(/status of 503 \(Service Unavailable\) \(.*\/api\//);
    const page = await browser.page();
    await openRoute(page, '/news');
    await expectLanguage(page, lang);
    await saveSetting('maintenance', 'off');
    try {
      // The member's next page is the maintenance page, which remembers where they were going.
      await openRoute(page, '/account');
      await expectRoute(page, '/maintenance');
      await page.getByRole('heading', { level: 1, name: common.maintenance.title }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(member.token);
    } finally {
      await saveSetting('maintenance', 'on');
    }
    // Switched on again: the page hears it and takes the member back, still signed in.
    await expectRoute(page, '/account');
    await page.getByRole('heading', { level: 1, name: account.title }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(member.token);
    await page.close();
  });
}
