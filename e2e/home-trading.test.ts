// Journey: on a phone, home leads to trading: each rate card's Buy or Sell button is on the first
// screen, above the bottom navigation, and opens /transaction with the direction chosen; a
// signed-in member who is not verified, or verified without a USDT address, sees the next step to
// take.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import common from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import en from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/home.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import {
  newSignedInMember,
  newVerifiedMember,
  newVerifiedMemberWithoutAddress,
  signInContext,
} from './members.ts';
import { expectLanguage, expectRoute, openRoute } from './routes.ts';

const browser = useBrowser();

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  { width: 320, height: 640 },
];

/** True when the element is wholly on the first screen and not under the bottom navigation. */
async function onFirstScreen(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('link', { name, exact: true });
  await button.waitFor();
  return button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const bottomNav = document.querySelector('.bottomnav')?.getBoundingClientRect();
    const limit = bottomNav && bottomNav.height > 0 ? bottomNav.top : window.innerHeight;
    return document.documentElement.scrollTop === 0 && box.top >= 0 && box.bottom <= limit;
  });
}

for (const [locale, lang, text] of [
  ['en-US', 'en', en],
  ['th-TH', 'th', th],
] as const) {
  test.each(PHONES)(`a visitor sees Buy and Sell without scrolling at %o (${lang})`, async (viewport) => {
    await browser.context({ locale, viewport });
    const page = await browser.page();
    await openRoute(page, '/');
    await expectLanguage(page, lang);
    await page.getByText(text.rates.cashOnly).waitFor();
    expect(await onFirstScreen(page, text.rates.buyAction)).toBe(true);
    expect(await onFirstScreen(page, text.rates.sellAction)).toBe(true);
  });

  test(`an unverified member sees the next step and still Buy and Sell at 320 x 640 (${lang})`, async () => {
    const context = await browser.context({ locale, viewport: PHONES[2] });
    await signInContext(context, (await newSignedInMember()).token);
    const page = await browser.page();
    await openRoute(page, '/');
    await expectLanguage(page, lang);
    const banner = page.getByRole('complementary', { name: text.nextStep.label });
    await banner.getByText(text.nextStep.verify).waitFor();
    expect(await onFirstScreen(page, text.rates.buyAction)).toBe(true);
    expect(await onFirstScreen(page, text.rates.sellAction)).toBe(true);
    await banner.getByRole('link', { name: text.nextStep.verifyAction }).click();
    await expectRoute(page, '/account');
    expect(new URL(page.url()).hash).toBe('#/account?action=openKyc');
  });
}

test('each rate card opens the transaction page with its direction chosen', async () => {
  await browser.context({ locale: 'en-US', viewport: PHONES[0] });
  const page = await browser.page();
  const member = await newVerifiedMember();
  await signInContext(await browser.context(), member.token);
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.rates.sellAction, exact: true }).click();
  await expectRoute(page, '/transaction');
  expect(new URL(page.url()).hash).toBe('#/transaction?type=sell');
  await page.getByRole('heading', { level: 1, name: 'Sell USDT' }).waitFor();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.rates.buyAction, exact: true }).click();
  await expectRoute(page, '/transaction');
  expect(new URL(page.url()).hash).toBe('#/transaction?type=buy');
  await page.getByRole('heading', { level: 1, name: 'Buy USDT' }).waitFor();
});

test('a verified member with no USDT address is asked to add one, and the banner opens that section', async () => {
  const context = await browser.context({ locale: 'en-US', viewport: PHONES[0] });
  await signInContext(context, (await newVerifiedMemberWithoutAddress()).token);
  const page = await browser.page();
  await openRoute(page, '/');
  const banner = page.getByRole('complementary', { name: en.nextStep.label });
  await banner.getByText(en.nextStep.address).waitFor();
  expect(await banner.getByText(en.nextStep.verify).count()).toBe(0);
  await banner.getByRole('link', { name: en.nextStep.addressAction }).click();
  await expectRoute(page, '/account');
  expect(new URL(page.url()).hash).toBe('#/account?action=openBinanceId');
});

test('an unverified member who starts a transaction (a rate card, or /transaction typed) sees the identity dialog, and Verify opens the identity section', async () => {
  await browser.context({ locale: 'en-US', viewport: PHONES[0] });
  const page = await browser.page();
  const member = await newSignedInMember();
  await signInContext(await browser.context(), member.token);
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.rates.buyAction, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: common.dialog.requireKycTitle });
  await dialog.getByText(common.dialog.requireKyc).waitFor();
  await expectRoute(page, '/');
  await dialog.getByRole('button', { name: common.dialog.later }).click();
  await dialog.waitFor({ state: 'detached' });

  await openRoute(page, '/transaction?type=sell');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: common.dialog.verify }).click();
  await expectRoute(page, '/account');
  expect(new URL(page.url()).hash).toBe('#/account?action=openKyc');
});
