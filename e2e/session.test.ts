// Journey: the guard refetches the profile on each navigation; when the server says the session
// has ended (body code 502 after a sign-out elsewhere), the app clears token and profile and goes
// to /login (spec section 4).
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { endSession, newSignedInMember } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

test('a member whose session ended elsewhere is sent to /login and signed out here', async () => {
  const { token } = await newSignedInMember();
  const context = await browser.context();
  await context.addInitScript((value) => {
    if (location.protocol === 'http:' && sessionStorage.getItem('seeded') === null) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  const page = await browser.page();
  await openRoute(page, '/account');
  await expectRoute(page, '/account');
  await page.getByRole('link', { name: en.nav.member }).first().waitFor();

  await endSession(token);
  // The refused profile call, as the browser reports it.
  browser.allowConsoleError(/status of 401/);
  // Moving on inside the app (the navigation's History link) runs the guard.
  await page.getByRole('link', { name: en.nav.history }).first().click();
  await expectRoute(page, '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
});
