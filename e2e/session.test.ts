// Journeys: the guard refetches the profile on each navigation, clicked or typed; when the server
// says the session has ended (body code 502 after a sign-out elsewhere), the app clears token and
// profile and goes to /login (docs/product.md, Member rules).
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enSignIn from '../apps/web/src/locales/en/signIn.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { endSession, newSignedInMember } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

/** A new member's page on /account, signed in; returns the page and the member's token. */
async function memberOnAccountPage() {
  const member = await newSignedInMember();
  const { token } = member;
  const context = await browser.context();
  await context.addInitScript((value) => {
    if (location.protocol === 'http:' && sessionStorage.getItem('seeded') === null) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  const page = await browser.page();
  // The member link shows as soon as there is a token; the guard's profile call follows (after
  // /config.json). Ending the session before it arrives would end it for this navigation already.
  const profileLoaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/external/user/profile') && r.status() === 200,
  );
  await openRoute(page, '/account');
  await expectRoute(page, '/account');
  await page.getByRole('link', { name: en.nav.member }).first().waitFor();
  await profileLoaded;
  // The refused profile call after the session ends, as the browser reports it.
  browser.allowConsoleError(/status of 401/);
  return { page, ...member };
}

test('a member whose session ended elsewhere is sent to /login and signed out here', async () => {
  const { page, token } = await memberOnAccountPage();
  await endSession(token);
  // Moving on inside the app runs the guard (the open page may also have heard of the ending on its
  // member stream and gone to sign-in already: either way the member ends there, signed out).
  await page.evaluate(() => {
    location.hash = '#/transaction-history';
  });
  await expectRoute(page, '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
});

test('a link typed into the address bar runs the guard, also right after another typed link', async () => {
  const { page: first, token, username, password } = await memberOnAccountPage();
  // Closed first, so that no open page hears of the ending (the test above) before the guard does.
  await first.close();
  await endSession(token);
  const page = await browser.page();
  // Typed, not clicked, with the ended session's token still stored: the guard reads the profile.
  await openRoute(page, '/transaction-history');
  await expectRoute(page, '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signing in again leads back to the page the guard turned the member away from.
  await page.getByLabel(enSignIn.username, { exact: true }).fill(username);
  await page.getByLabel(enSignIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: enSignIn.submit, exact: true }).click();
  await expectRoute(page, '/transaction-history');
  await page.getByRole('link', { name: en.nav.member }).first().waitFor();
});
