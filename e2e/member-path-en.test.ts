// One English member's whole path on a desktop (1280 x 800), in Chromium against the real server:
// sign-up, identity by passport (four photos, one a large PNG the browser shrinks; an operator
// approves in the console and the open page turns verified without a reload), a buy from the home
// page's rate card paid by a cash-deposit slip (the member leaves it midway and resumes it from the
// history first) that an operator completes in the console, where the tick that the money arrived
// is required; a sell on Ethereum (ERC-20) sent by transaction hash, whose payout account a viewer
// sees masked and an operator reveals (audited) before paying out in the console; then the history
// with both orders, English dates and its filters. At each step: the status words the member relies
// on, the amounts and deadlines, and no sideways scrolling. With SHOTS_DIR set, each step is also saved.
import { E, messageFor } from '@bahtdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import kycEn from '../apps/admin/src/locales/en/kyc.json' with { type: 'json' };
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import historyEn from '../apps/web/src/locales/en/history.json' with { type: 'json' };
import homeEn from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import { BEP20_ADDRESS, newMember, TEXT } from './accounts-steps.ts';
import { a11yViolations, DESKTOP, launchChromium, useBrowser } from './browser.ts';
import { sendIdentityPhotos, signUpInSteps } from './member-path-steps.ts';
import {
  checkHistory,
  confirmCompletion,
  consolePage,
  depositSeen,
  expectReviewFigures,
  fill,
  fillQuote,
  horizontalOverflow,
  leaveAndResume,
  openReview,
  photoFiles,
  placeFromReview,
  sendForChecking,
  writeLargePhoto,
} from './order-steps.ts';
import { expectRoute, openRoute } from './routes.ts';
import { adminOk, journeyAdmin, newStaff, type StaffSession, saveSetting } from './staff.ts';

const browser = useBrowser({ locale: 'en-US', viewport: DESKTOP });
const t = TEXT.en;
const tx = transactionEn;
const TX_HASH = `0x${'5e'.repeat(32)}`;
let staffBrowser: Browser;
let operator: StaffSession;
let viewer: StaffSession;
let files: Record<string, string>;

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  viewer = await newStaff(journeyAdmin(), 'viewer');
  // The bank account and address saved at sign-up are usable at once (cooling-off is not this journey's).
  await saveSetting('payoutCoolingOffHours', 0);
  files = await photoFiles('path-en', {
    holding: '#336699',
    screen1: '#993366',
    screen2: '#669933',
    slip: '#eeeeee',
  });
  // The passport page: a large PNG the browser must shrink.
  files.passport = files.slip?.replace(/slip\.jpg$/, 'passport.png') ?? '';
  await writeLargePhoto(files.passport);
});

afterAll(async () => {
  await staffBrowser?.close();
  await saveSetting('payoutCoolingOffHours', 24);
});

/** No sideways scrolling at the desktop's width; with SHOTS_DIR, the screen saved, numbered in the order seen. */
let shots = 0;

async function step(page: Page, screen: string): Promise<void> {
  const name = `${String(++shots).padStart(2, '0')}-${screen}`;
  expect({ name, overflow: await horizontalOverflow(page) }).toEqual({ name, overflow: 0 });
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/en-1280-${name}.png`, fullPage: true });
}

test('an English member on a desktop signs up, verifies with a passport, buys by cash-deposit slip, sells on Ethereum by hash, and reads both in the history', {
  timeout: 300_000,
}, async () => {
  const member = newMember('Emily', 'Carter');
  const legalName = 'Emily Carter';
  const page = await browser.page();
  const screen = (name: string) => step(page, name);

  // Sign-up, every step in English: a bank account for the sell's payout, a BEP20 address for the buy.
  await signUpInSteps(
    page,
    'en',
    member,
    { bank: 'KBANK', accountNumber: '987-6-54321-0', network: 'BEP20', address: BEP20_ADDRESS },
    screen,
  );

  // Identity by passport: its photo page (a large PNG), the member holding it, the two screenshots.
  const kyc = page.locator('#kyc');
  await page.getByRole('radio', { name: t.account.kyc.document.passport }).check();
  const slots = [
    [t.account.kyc.slots.passportImage.title, files.passport],
    [t.account.kyc.slots.holdingPassportImage.title, files.holding],
    [t.account.kyc.slots.screenshot1Image.title, files.screen1],
    [t.account.kyc.slots.screenshot2Image.title, files.screen2],
  ] as const;
  await page.getByLabel(t.account.kyc.passportNumber.label, { exact: true }).fill('AA1234567');
  await sendIdentityPhotos(page, 'en', slots, screen);

  // An operator approves in the console, from the queue; the four images load with the staff session,
  // and what the server kept of the large PNG is at most 2,560 px (shrunk in the browser).
  const review = await consolePage(staffBrowser, operator.token, '/kyc');
  await review.getByRole('row').filter({ hasText: member.username }).getByRole('link').click();
  await review.getByRole('heading', { level: 1, name: kycEn.review.title }).waitFor();
  for (const caption of Object.values(kycEn.slots))
    await review.getByRole('img', { name: caption }).waitFor();
  const passport = review.getByRole('img', { name: kycEn.slots.passportImage });
  const size = await passport.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(Math.max(...size)).toBeLessThanOrEqual(2560);
  expect(Math.max(...size)).toBeGreaterThan(1000);
  // The passport's number the member typed, for the reviewer to compare with the photo page.
  await review.getByText('AA1234567', { exact: true }).waitFor();
  await review.getByRole('button', { name: kycEn.review.approve }).click();
  await review.getByRole('alertdialog').getByRole('button', { name: kycEn.review.approve }).click();
  await review.waitForURL(/#\/kyc$/);
  await review.context().close();
  // The member's page hears the decision on its stream: no reload.
  await kyc.getByText(t.account.kyc.verified, { exact: true }).first().waitFor();
  await page.getByText(t.common.kycDecided.verified).waitFor();
  await expectRoute(page, '/account');
  await screen('identity-verified');

  // Buy 10,000 THB, paid by a cash deposit with its slip: from the home page's rate card, as members do
  // (so that the browser's Back button, below, stays in the app).
  await page.getByRole('link', { name: t.common.nav.home, exact: true }).first().click();
  await page.getByRole('link', { name: homeEn.rates.buyAction, exact: true }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#/transaction?type=buy');
  await fillQuote(page, tx, 'buy', '10,000');
  await page.getByText(tx.quote.amountThbHint).waitFor();
  expect(await a11yViolations(page)).toEqual([]);
  await screen('buy-quote');
  const buyReview = await openReview(page, tx, 'buy');
  await expectReviewFigures(buyReview, tx, 'buy', '10,000');
  await screen('buy-review');
  const buy = await placeFromReview(page, buyReview, tx);
  expect(buy.startsWith('B')).toBe(true);
  await page.getByText(tx.statusFor.pending_buy).first().waitFor();
  // The desk's account from the web settings, grouped as the bank prints it, with the exact amount.
  await page.getByText('123-4-56789-0').waitFor();
  await page.getByText(fill(tx.pay.deskAccounts, { thb: '10,000.00' })).waitFor();
  await screen('buy-pay');

  // Leaving midway asks first; once left, the order is resumed from the history (dated 2026, never 2569).
  await leaveAndResume(page, tx, {
    id: buy,
    historyLink: t.common.nav.history,
    lang: 'en',
    screen,
  });

  await page.getByLabel(tx.pay.slip).setInputFiles(files.slip ?? '');
  await page.getByRole('img', { name: tx.pay.slipPreview }).waitFor();
  expect(await a11yViolations(page)).toEqual([]);
  await sendForChecking(page, tx);
  await page.getByText(tx.status.request).first().waitFor();
  await screen('buy-checking');

  // An operator completes it in the console, in another browser: the queue shows it live, with the
  // slip and the member's legal name; without the tick that the money arrived, the console (as the
  // server) refuses.
  const desk = await consolePage(staffBrowser, operator.token, '/orders');
  await desk.getByRole('link', { name: buy }).click();
  await desk.getByRole('img', { name: ordersEn.detail.slip }).waitFor();
  await desk.getByText(legalName).first().waitFor();
  await desk.getByLabel(ordersEn.complete.txHash).fill(TX_HASH);
  await desk.getByLabel(fill(ordersEn.complete.nameMatches, { name: legalName })).check();
  await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByText(messageFor(E.DEPOSIT_SEEN_CHECK_REQUIRED.code, 'en')).waitFor();
  await depositSeen(desk, '10,000.00').check();
  await confirmCompletion(desk);
  await desk.context().close();
  // No reload: the member's stream brings the decision, with the hash of the USDT sent.
  await page.getByText(tx.outcome.success).waitFor();
  await page.getByText(TX_HASH).first().waitFor();
  await page.getByText(fill(tx.outcome.decidedSuccess, { id: buy })).waitFor();
  await expectRoute(page, '/transaction');
  await screen('buy-success');

  // Sell 150 USDT on Ethereum (ERC-20): the desk's address, the hash pasted.
  await openRoute(page, '/transaction?type=sell');
  await fillQuote(page, tx, 'sell', '150', 'TETHER');
  await screen('sell-quote');
  const sellReview = await openReview(page, tx, 'sell', { networkName: 'Ethereum (ERC-20)' });
  await expectReviewFigures(sellReview, tx, 'sell', '150');
  await screen('sell-review');
  const sell = await placeFromReview(page, sellReview, tx);
  expect(sell.startsWith('S')).toBe(true);
  await page.getByText(tx.statusFor.pending_sell).first().waitFor();
  await page.getByText(tx.order.timeLeftSell).waitFor();
  expect((await page.locator('.receive__address').textContent())?.trim()).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await screen('sell-send');
  await page.getByLabel(tx.pay.txHash).fill(`0x${'6f'.repeat(32)}`);
  await sendForChecking(page, tx, 'sell');
  await screen('sell-checking');

  // The payout account is masked on the order screen: a viewer never sees the full number, nor a
  // way to it, nor a decision.
  const masked = 'xxx-x-x4321-0';
  const full = '987-6-54321-0';
  const seen = await consolePage(staffBrowser, viewer.token, `/orders/${sell}`);
  await seen.getByRole('region', { name: ordersEn.detail.order }).getByText(masked).waitFor();
  expect(await seen.getByRole('button', { name: ordersEn.complete.reveal }).count()).toBe(0);
  expect(await seen.getByText(full).count()).toBe(0);
  expect(await seen.content()).not.toContain('9876543210');
  await seen.context().close();
  // An operator: the complete form shows the masked number, the button the full one (audited); then pays out.
  const payout = await consolePage(staffBrowser, operator.token, `/orders/${sell}`);
  const form = payout.getByRole('form', { name: ordersEn.complete.title });
  await form.getByText(masked).waitFor();
  expect(await a11yViolations(payout)).toEqual([]);
  await form.getByRole('button', { name: ordersEn.complete.reveal }).click();
  await form.getByText(full).waitFor();
  const audit = await adminOk<{ history: { action: string; actorName: string | null }[] }>(
    'GET',
    `/api/admin/orders/${sell}`,
    operator.token,
  );
  expect(audit.history.filter((h) => h.action === 'order.bank_account.reveal')).toEqual([
    expect.objectContaining({ actorName: operator.username }),
  ]);
  await form.getByLabel(ordersEn.complete.bankReference).fill('KB-E2E-EN-0001');
  await confirmCompletion(form);
  await payout.context().close();
  await page.getByText(tx.outcome.success).waitFor();
  await page.getByText('KB-E2E-EN-0001').first().waitFor();
  await screen('sell-success');

  // The history: both orders completed, dated in the Common Era (2026, never 2569); its filters and
  // a custom range, typed and picked from the calendar by keyboard.
  await checkHistory(page, tx, historyEn, { buy, sell, lang: 'en', screen });
});
