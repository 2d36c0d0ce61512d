// Journey: a member signs up through every step with a bank account and a BEP20
// address, signs out and in, edits the profile, adds a Solana address, fills the list to the limit
// of 10 and sees its message, signs out, resets the password with the OTP its mail brings, and
// signs in with the new password. Real server, real browser, English, desktop width.
import { E, messageFor } from '@bahtdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  BEP20_ADDRESS,
  fillCredentials,
  fillPersonal,
  fillUsdt,
  newMember,
  otpSentTo,
  SOLANA_ADDRESS,
  signIn,
  TEXT,
} from './accounts-steps.ts';
import { DESKTOP, seriousA11yViolations, useBrowser } from './browser.ts';
import { newSignedInMember, signInContext } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US', viewport: DESKTOP });
const t = TEXT.en;

/** Whether the top of the element is inside the window (a section scrolled to starts there). */
function inView(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const { top } = node.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  });
}

async function expectStep(page: Page, step: number, name: string): Promise<void> {
  await page.getByText(`Step ${step} of 5: ${name}`, { exact: true }).waitFor();
}

async function addUsdtAddress(
  page: Page,
  network: string,
  address: string,
  nickname: string,
  password: string,
): Promise<void> {
  const usdt = page.locator('#usdt-addresses');
  await usdt.getByRole('button', { name: t.account.usdt.add }).click();
  const dialog = page.getByRole('dialog', { name: t.account.usdt.addTitle });
  await fillUsdt(dialog, 'en', network, address, nickname);
  await dialog.getByLabel(t.account.payments.currentPassword, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: t.account.form.save }).click();
  await dialog.waitFor({ state: 'detached' });
  await usdt.getByText(nickname, { exact: true }).waitFor();
}

test('sign up in steps, sign out and in, edit the profile, fill the USDT addresses to 10, reset the password by OTP', {
  timeout: 150_000,
}, async () => {
  const member = newMember('Somchai', 'Jaidee');
  const page = await browser.page();
  // The wrong passwords below are answered with HTTP 401, which Chromium logs as a console error.
  browser.allowConsoleError(/status of 401 \(Unauthorized\) \(.*\/api\/external\/auth\/auth\)/);

  // Sign-up: step 1 refuses to move on while empty, then every step in turn.
  // Arrive through a link, as members do, so that the browser's Back button stays in the app.
  await page.goto('/#/login');
  await page.getByRole('main').getByRole('link', { name: t.signIn.signUp }).click();
  await expectStep(page, 1, t.signUp.steps.credentials);
  await page.getByRole('button', { name: t.signUp.next }).click();
  await page.getByText(messageFor(E.REQUIRED.code, 'en')).first().waitFor();
  await expectStep(page, 1, t.signUp.steps.credentials);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await fillCredentials(page, 'en', member);
  await page.getByRole('button', { name: t.signUp.next }).click();

  await expectStep(page, 2, t.signUp.steps.personal);
  await fillPersonal(page, 'en', member);
  // The browser's Back button asks before leaving, as links and closing the tab do; Stay keeps it all.
  await page.goBack({ waitUntil: 'commit' });
  const leave = page.getByRole('alertdialog', { name: t.signUp.leave.title });
  await leave.getByRole('button', { name: t.signUp.leave.stay }).click();
  await leave.waitFor({ state: 'detached' });
  await expectStep(page, 2, t.signUp.steps.personal);
  expect(await page.getByLabel(t.signUp.personal.email, { exact: true }).inputValue()).toBe(member.email);
  await page.getByRole('button', { name: t.signUp.next }).click();

  await expectStep(page, 3, t.signUp.steps.bank);
  await page.getByLabel(t.account.banks.bank, { exact: true }).selectOption('KBANK');
  await page.getByLabel(t.account.banks.accountNumber, { exact: true }).fill('123-4-56789-0');
  await page.getByLabel(t.account.banks.accountName, { exact: true }).fill('Somchai Jaidee');
  await page.getByRole('button', { name: t.signUp.next }).click();

  await expectStep(page, 4, t.signUp.steps.usdt);
  await fillUsdt(page, 'en', 'BEP20', BEP20_ADDRESS, 'Main wallet');
  await page.getByRole('button', { name: t.signUp.create }).click();
  // Success shows signed in at once (no Log in / Sign up left over), and leads to verification.
  await page.getByRole('heading', { name: t.signUp.done.title }).waitFor();
  const topBar = page.getByRole('banner');
  await topBar.getByRole('link', { name: t.common.nav.member }).waitFor();
  expect(await topBar.getByRole('link', { name: t.common.nav.login }).count()).toBe(0);
  expect(await topBar.getByRole('link', { name: t.common.nav.signUp }).count()).toBe(0);
  expect(await page.title()).toBe(`${t.common.tabTitle.welcome} - BahtDesk`);
  await page.getByRole('link', { name: t.signUp.done.verify }).click();

  // Verification is the next step: its section is open and scrolled into view.
  await expectRoute(page, '/account');
  const kyc = page.locator('#kyc');
  await expect.poll(() => kyc.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
  await expect.poll(() => inView(kyc)).toBe(true);

  // The account shows what sign-up saved.
  await page.getByText(`Signed in as ${member.username}`).waitFor();
  await page.locator('#bank-accounts summary').click();
  await page.locator('#bank-accounts').getByText('xxx-x-x6789-0').waitFor();
  await page.locator('#usdt-addresses summary').click();
  await page.locator('#usdt-addresses').getByText(BEP20_ADDRESS).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Sign out, then in again.
  await page.getByRole('button', { name: t.account.signOut }).click();
  await expectRoute(page, '/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await signIn(page, 'en', member.username, 'WrongPass1');
  await page.getByRole('alert').getByText(messageFor(E.BAD_CREDENTIALS.code, 'en')).waitFor();
  await signIn(page, 'en', member.username, member.password);
  await expectRoute(page, '/');

  // Edit the profile.
  await page.goto('/#/account');
  await page.getByRole('button', { name: t.account.profile.edit }).click();
  await page.getByLabel(t.account.profile.lastName, { exact: true }).fill('Rakdee');
  await page.getByRole('button', { name: t.account.form.save }).click();
  await page.getByText(t.account.profile.saved).waitFor();
  await page.locator('#profile').getByText('Rakdee', { exact: true }).waitFor();

  // A Solana address, then more until the limit of 10 and its message.
  await page.locator('#usdt-addresses summary').click();
  // Each needs the current password and waits out the cooling-off period before payouts.
  await addUsdtAddress(page, 'SOLANA', SOLANA_ADDRESS, 'Phantom', member.password);
  const usdt = page.locator('#usdt-addresses');
  await usdt
    .getByText(/^Usable for payouts from /)
    .first()
    .waitFor();
  for (let i = 3; i <= 10; i++) {
    await addUsdtAddress(page, 'BEP20', BEP20_ADDRESS, `Wallet ${i}`, member.password);
  }
  await usdt.getByText(messageFor(E.ADDRESS_LIMIT.code, 'en')).waitFor();
  expect(await usdt.getByRole('button', { name: t.account.usdt.add }).count()).toBe(0);
  await usdt.getByText('10 of 10 saved').waitFor();

  // Sign out and reset the password with the OTP the email brings (staff never see it).
  await page.getByRole('button', { name: t.account.signOut }).click();
  await expectRoute(page, '/');
  await page.goto('/#/forgot-password');
  await page.getByLabel(t.forgot.request.emailLabel, { exact: true }).fill(member.email);
  await page.getByRole('button', { name: t.forgot.request.submit }).click();
  const otpField = page.getByLabel(t.forgot.otp.label, { exact: true });
  await otpField.waitFor();
  expect(await otpField.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await page.getByRole('button', { name: t.forgot.otp.resend }).isDisabled()).toBe(true);
  await page.getByText(/You can ask for a new code in \d+ s\./).waitFor();
  const otp = await otpSentTo(member.email);
  await otpField.fill(otp);
  await page.getByRole('button', { name: t.forgot.otp.submit }).click();
  const newPassword = `${member.password}x`;
  await page.getByLabel(t.forgot.password.new, { exact: true }).fill(newPassword);
  await page.getByLabel(t.forgot.password.confirm, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: t.forgot.password.submit }).click();
  await expectRoute(page, '/login');
  await page.getByText(t.forgot.done).waitFor();

  // The old password no longer works; the new one does.
  await signIn(page, 'en', member.username, member.password);
  await page.getByRole('alert').getByText(messageFor(E.BAD_CREDENTIALS.code, 'en')).waitFor();
  await signIn(page, 'en', member.username, newPassword);
  await expectRoute(page, '/');
  await page.goto('/#/account');
  await page.getByText(`Signed in as ${member.username}`).waitFor();
});

test('re-opening the account page through an ?action= link clears stale form errors', async () => {
  const member = await newSignedInMember();
  await signInContext(await browser.context(), member.token);
  // The wrong current password is answered with HTTP 400, which Chromium logs as a console error.
  browser.allowConsoleError(
    /status of 400 \(Bad Request\) \(.*\/api\/external\/user\/changePasswordProfile\)/,
  );
  const page = await browser.page();
  await openRoute(page, '/account');
  const password = page.locator('#password');
  await password.locator('summary').click();
  await password.getByLabel(t.account.password.current, { exact: true }).fill('WrongPass1');
  await password.getByLabel(t.account.password.new, { exact: true }).fill('NewPass123');
  await password.getByLabel(t.account.password.confirm, { exact: true }).fill('NewPass123');
  await password.getByRole('button', { name: t.account.password.submit }).click();
  const stale = page.getByText(messageFor(E.CURRENT_PASSWORD_INCORRECT.code, 'en'), { exact: true });
  await stale.waitFor();

  // The same page, reached again through a link with an action (as the identity dialog's Verify).
  await openRoute(page, '/account?action=openKyc');
  const kyc = page.locator('#kyc');
  await expect.poll(() => kyc.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
  await stale.waitFor({ state: 'detached' });
  await password.locator('summary').click();
  expect(
    await password.getByLabel(t.account.password.current, { exact: true }).getAttribute('aria-invalid'),
  ).not.toBe('true');
});
