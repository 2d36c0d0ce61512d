// One Thai member's whole path on a phone (390 x 844), in Chromium against the real server:
// sign-up, identity by Thai ID card (staff accept it through the API), a buy from the home page's
// rate card paid by a cash-deposit slip that staff complete in the console (the member leaves it
// midway and resumes it from the history first), a sell on TRON (TRC-20) sent by transaction hash
// that staff complete through the API, then the history showing both with Thai words and
// Buddhist-era dates, and its filters. At each step: the status words the member relies on, the
// amounts and deadlines, and no sideways scrolling at 390 px. With SHOTS_DIR set, each step is also
// saved at 390 and 320 px.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import historyTh from '../apps/web/src/locales/th/history.json' with { type: 'json' };
import homeTh from '../apps/web/src/locales/th/home.json' with { type: 'json' };
import transactionTh from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { newMember, TEXT } from './accounts-steps.ts';
import { launchChromium, PHONE, useBrowser } from './browser.ts';
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
} from './order-steps.ts';
import { openRoute } from './routes.ts';
import { adminOk, journeyAdmin, newStaff, type StaffSession, saveSetting } from './staff.ts';

const browser = useBrowser({ locale: 'th-TH', viewport: PHONE });
const t = TEXT.th;
const tx = transactionTh;
/** A TRON (TRC-20) address (base58check, version byte 0x41). */
const TRON_ADDRESS = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';
let staffBrowser: Browser;
let operator: StaffSession;
let files: Record<string, string>;

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  // The bank account and address saved at sign-up are usable at once (cooling-off is not this journey's).
  await saveSetting('payoutCoolingOffHours', 0);
  files = await photoFiles('path-th', {
    front: '#336699',
    holding: '#993366',
    screen1: '#669933',
    screen2: '#996633',
    slip: '#eeeeee',
  });
});

afterAll(async () => {
  await staffBrowser?.close();
  await saveSetting('payoutCoolingOffHours', 24);
});

/** No sideways scrolling at the phone's width; with SHOTS_DIR, the screen saved at 390 and 320 px, numbered in the order seen. */
let shots = 0;

async function step(page: Page, screen: string): Promise<void> {
  const name = `${String(++shots).padStart(2, '0')}-${screen}`;
  expect({ name, overflow: await horizontalOverflow(page) }).toEqual({ name, overflow: 0 });
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/th-390-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 844 });
  await page.screenshot({ path: `${dir}/th-320-${name}.png`, fullPage: true });
  expect({ name, at320: await horizontalOverflow(page) }).toEqual({ name, at320: 0 });
  await page.setViewportSize(PHONE);
}

test('a Thai member on a phone signs up, verifies with a Thai ID card, buys by cash-deposit slip, sells on TRON by hash, and reads both in the history', {
  timeout: 300_000,
}, async () => {
  const member = newMember('สมหญิง', 'ใจดี');
  const page = await browser.page();
  const screen = (name: string) => step(page, name);

  // Sign-up, every step in Thai: a bank account for the sell's payout, a TRON address for the buy.
  await signUpInSteps(
    page,
    'th',
    member,
    { bank: 'KBANK', accountNumber: '987-6-54321-0', network: 'TRON', address: TRON_ADDRESS },
    screen,
  );

  // Identity by Thai ID card: the number, then the card's photos and the two screenshots.
  const kyc = page.locator('#kyc');
  await page.getByRole('radio', { name: t.account.kyc.document.thaiIdCard }).check();
  await page.getByLabel(t.account.kyc.idNumber.label, { exact: true }).fill('1-1037-00012-34-6');
  const slots = [
    [t.account.kyc.idCardSlots.passportImage.title, files.front],
    [t.account.kyc.idCardSlots.holdingPassportImage.title, files.holding],
    [t.account.kyc.slots.screenshot1Image.title, files.screen1],
    [t.account.kyc.slots.screenshot2Image.title, files.screen2],
  ] as const;
  await sendIdentityPhotos(page, 'th', slots, screen);

  // Staff accept it (API); the open page turns verified without a reload.
  const queue = await adminOk<{ items: { id: number; username: string }[] }>(
    'GET',
    '/api/admin/kyc?pageSize=100',
    operator.token,
  );
  const submission = queue.items.find((item) => item.username === member.username);
  if (!submission) throw new Error(`${member.username}'s submission is not in the queue`);
  await adminOk('POST', `/api/admin/kyc/${submission.id}/decision`, operator.token, { decision: 'verified' });
  await kyc.getByText(t.account.kyc.verified, { exact: true }).first().waitFor();
  await page.getByText(t.common.kycDecided.verified).waitFor();
  await screen('identity-verified');

  // Buy 10,000 THB, paid by a cash deposit with its slip.
  // From the home page's rate card, as members do (so that the browser's Back button, below, stays in the app).
  await page.getByRole('link', { name: t.common.nav.home, exact: true }).first().click();
  await page.getByRole('link', { name: homeTh.rates.buyAction, exact: true }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#/transaction?type=buy');
  await fillQuote(page, tx, 'buy', '10000');
  await page.getByTestId('trade-limits').waitFor();
  await page.getByText(tx.quote.amountThbHint).waitFor();
  await screen('buy-quote');
  const review = await openReview(page, tx, 'buy');
  await expectReviewFigures(review, tx, 'buy', '10000');
  await screen('buy-review');
  const buy = await placeFromReview(page, review, tx);
  expect(buy.startsWith('B')).toBe(true);
  await page.getByText(tx.statusFor.pending_buy).first().waitFor();
  await page.getByText('123-4-56789-0').waitFor();
  await page.getByText(fill(tx.pay.deskAccounts, { thb: '10,000.00' })).waitFor();
  await screen('buy-pay');
  // Leaving midway asks first; once left, the order is resumed from the history (Buddhist-era years).
  await leaveAndResume(page, tx, { id: buy, historyLink: t.common.nav.history, lang: 'th', screen });
  await page.getByLabel(tx.pay.slip).setInputFiles(files.slip ?? '');
  await page.getByRole('img', { name: tx.pay.slipPreview }).waitFor();
  await sendForChecking(page, tx);
  await page.getByText(tx.status.request).first().waitFor();
  await screen('buy-checking');

  // An operator completes it in the console: the slip's name and the deposit seen, then the hash
  // as TRON writes it (64 hex digits, no 0x).
  const desk = await consolePage(staffBrowser, operator.token, `/orders/${buy}`);
  await desk.getByRole('img', { name: ordersEn.detail.slip }).waitFor();
  await desk.getByLabel(ordersEn.complete.txHash).fill(randomBytes(32).toString('hex'));
  await desk.getByLabel(fill(ordersEn.complete.nameMatches, { name: 'สมหญิง ใจดี' })).check();
  await depositSeen(desk, '10,000.00').check();
  await confirmCompletion(desk);
  await desk.context().close();
  await page.getByText(tx.outcome.success).waitFor();
  await page.getByText(fill(tx.outcome.decidedSuccess, { id: buy })).waitFor();
  await screen('buy-success');

  // Sell 150 USDT on TRON: the desk's TRON address, the hash pasted, staff pay out (API).
  await openRoute(page, '/transaction?type=sell');
  await fillQuote(page, tx, 'sell', '150', 'TRON');
  await screen('sell-quote');
  const sellReview = await openReview(page, tx, 'sell', { networkName: 'TRON (TRC-20)' });
  await expectReviewFigures(sellReview, tx, 'sell', '150');
  await screen('sell-review');
  const sell = await placeFromReview(page, sellReview, tx);
  expect(sell.startsWith('S')).toBe(true);
  await page.getByText(tx.statusFor.pending_sell).first().waitFor();
  await page.getByText(tx.order.timeLeftSell).waitFor();
  expect((await page.locator('.receive__address').textContent())?.trim()).toMatch(
    /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  );
  await screen('sell-send');
  await page.getByLabel(tx.pay.txHash).fill(randomBytes(32).toString('hex'));
  await sendForChecking(page, tx, 'sell');
  await screen('sell-checking');
  await adminOk('POST', `/api/admin/orders/${sell}/complete`, operator.token, {
    payoutReference: 'KB-E2E-TH-0001',
  });
  await page.getByText(tx.outcome.success).waitFor();
  await screen('sell-success');

  // The history: both orders completed, in Thai words and Buddhist-era years; its filters and a
  // custom range, typed and picked from the calendar by keyboard.
  await checkHistory(page, tx, historyTh, { buy, sell, lang: 'th', screen });
});
