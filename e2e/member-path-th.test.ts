// One Thai member's whole path on a phone (390 x 844), in Chromium against the real server:
// sign-up, identity by Thai ID card (staff accept it through the API), a buy paid by a cash-deposit
// slip that staff complete in the console, a sell on TRON (TRC-20) sent by transaction hash that
// staff complete through the API, then the history showing both with Thai words and Buddhist-era
// dates. At each step: the status words the member relies on, the amounts and deadlines, and no
// sideways scrolling at 390 px. With SHOTS_DIR set, each step is also saved at 390 and 320 px.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bangkokDate, ORDER_ID_PATTERN } from '@bahtdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import historyTh from '../apps/web/src/locales/th/history.json' with { type: 'json' };
import transactionTh from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { fillCredentials, fillPersonal, fillUsdt, newMember, TEXT } from './accounts-steps.ts';
import { baseUrl, DESKTOP, launchChromium, PHONE, useBrowser } from './browser.ts';
import { testPhoto } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';
import { adminOk, consoleContext, journeyAdmin, newStaff, type StaffSession } from './staff.ts';

const browser = useBrowser({ locale: 'th-TH', viewport: PHONE });
const t = TEXT.th;
const tx = transactionTh;
/** A TRON (TRC-20) address (base58check, version byte 0x41). */
const TRON_ADDRESS = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';
let staffBrowser: Browser;
let operator: StaffSession;
const files: Record<string, string> = {};

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  // The bank account and address saved at sign-up are usable at once (cooling-off is not this journey's).
  await adminOk('POST', '/api/admin/settings', journeyAdmin().token, {
    key: 'payoutCoolingOffHours',
    value: 0,
  });
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-path-th-'));
  for (const [name, colour] of Object.entries({
    front: '#336699',
    holding: '#993366',
    screen1: '#669933',
    screen2: '#996633',
    slip: '#eeeeee',
  })) {
    files[name] = join(dir, `${name}.jpg`);
    writeFileSync(files[name], Buffer.from(await testPhoto(colour, 800, 600), 'base64'));
  }
});

afterAll(async () => {
  await staffBrowser?.close();
  await adminOk('POST', '/api/admin/settings', journeyAdmin().token, {
    key: 'payoutCoolingOffHours',
    value: 24,
  });
});

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** No sideways scrolling at the phone's width; with SHOTS_DIR, the screen saved at 390 and 320 px. */
async function step(page: Page, name: string): Promise<void> {
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect({ name, overflow: await overflow() }).toEqual({ name, overflow: 0 });
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/th-390-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 844 });
  await page.screenshot({ path: `${dir}/th-320-${name}.png`, fullPage: true });
  expect({ name, at320: await overflow() }).toEqual({ name, at320: 0 });
  await page.setViewportSize(PHONE);
}

/** The order's id from the heading of its page. */
async function orderId(page: Page): Promise<string> {
  const anywhere = new RegExp(ORDER_ID_PATTERN.source.slice(1, -1));
  const heading = page.getByRole('heading', { level: 1, name: anywhere });
  await heading.waitFor();
  const id = (await heading.textContent())?.match(anywhere)?.[0];
  if (!id) throw new Error('no order id in the heading');
  return id;
}

async function sendForChecking(page: Page, type: 'buy' | 'sell'): Promise<void> {
  await page.getByRole('button', { name: type === 'buy' ? tx.pay.confirm : tx.pay.confirmSell }).click();
  await page
    .getByRole('dialog', { name: tx.pay.confirmTitle })
    .getByRole('button', { name: tx.pay.send })
    .click();
  await page.getByText(type === 'buy' ? tx.outcome.request : tx.outcome.requestSell).waitFor();
}

test('a Thai member on a phone signs up, verifies with a Thai ID card, buys by cash-deposit slip, sells on TRON by hash, and reads both in the history', {
  timeout: 300_000,
}, async () => {
  const member = newMember('สมหญิง', 'ใจดี');
  const page = await browser.page();

  // Sign-up, every step in Thai: a bank account for the sell's payout, a TRON address for the buy.
  await page.goto('/#/login');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^ยังไม่มีบัญชี/ })
    .click();
  await page.getByText(`ขั้นตอนที่ 1 จาก 5: ${t.signUp.steps.credentials}`).waitFor();
  await step(page, '01-sign-up');
  await fillCredentials(page, 'th', member);
  await page.getByRole('button', { name: t.signUp.next }).click();
  await page.getByText(`ขั้นตอนที่ 2 จาก 5: ${t.signUp.steps.personal}`).waitFor();
  await fillPersonal(page, 'th', member);
  await page.getByRole('button', { name: t.signUp.next }).click();
  await page.getByText(`ขั้นตอนที่ 3 จาก 5: ${t.signUp.steps.bank}`).waitFor();
  await page.getByLabel(t.account.banks.bank, { exact: true }).selectOption('KBANK');
  await page.getByLabel(t.account.banks.accountNumber, { exact: true }).fill('987-6-54321-0');
  await page.getByLabel(t.account.banks.accountName, { exact: true }).fill('สมหญิง ใจดี');
  await step(page, '02-sign-up-bank');
  await page.getByRole('button', { name: t.signUp.next }).click();
  await page.getByText(`ขั้นตอนที่ 4 จาก 5: ${t.signUp.steps.usdt}`).waitFor();
  await fillUsdt(page, 'th', 'TRON', TRON_ADDRESS);
  await step(page, '03-sign-up-usdt');
  await page.getByRole('button', { name: t.signUp.create }).click();
  await page.getByRole('heading', { name: t.signUp.done.title }).waitFor();
  await step(page, '04-welcome');
  await page.getByRole('link', { name: t.signUp.done.verify }).click();

  // Identity by Thai ID card: the number, then the card's photos and the two screenshots.
  await expectRoute(page, '/account');
  const kyc = page.locator('#kyc');
  await kyc.getByText(t.account.kyc.unverifiedText).waitFor();
  await page.getByRole('radio', { name: t.account.kyc.document.thaiIdCard }).check();
  await page.getByLabel(t.account.kyc.idNumber.label, { exact: true }).fill('1-1037-00012-34-6');
  const slots = [
    [t.account.kyc.idCardSlots.passportImage.title, files.front],
    [t.account.kyc.idCardSlots.holdingPassportImage.title, files.holding],
    [t.account.kyc.slots.screenshot1Image.title, files.screen1],
    [t.account.kyc.slots.screenshot2Image.title, files.screen2],
  ] as const;
  for (const [title, file] of slots) {
    await page.getByLabel(title, { exact: true }).setInputFiles(file ?? '');
    await page.getByRole('img', { name: t.account.kyc.thumbnail.replace('{{photo}}', title) }).waitFor();
  }
  await step(page, '05-identity-photos');
  await page.getByRole('button', { name: t.account.kyc.submit }).click();
  await kyc.getByText(t.account.kyc.waiting, { exact: true }).first().waitFor();
  await step(page, '06-identity-waiting');

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
  await step(page, '07-identity-verified');

  // Buy 10,000 THB, paid by a cash deposit with its slip.
  await openRoute(page, '/transaction?type=buy');
  await page.getByTestId('trade-limits').waitFor();
  await page.getByText(tx.quote.amountThbHint).waitFor();
  await page.getByLabel(tx.quote.amountThb).fill('10000');
  expect(await page.getByLabel(tx.quote.amountThb).inputValue()).toBe('10,000');
  await step(page, '08-buy-quote');
  await page.getByRole('button', { name: tx.quote.submit }).click();
  const review = page.getByRole('dialog', { name: tx.quote.reviewTitle });
  await review.getByText(fill(tx.quote.reviewDeadline, { minutes: '15' })).waitFor();
  await step(page, '09-buy-review');
  await review.getByRole('button', { name: tx.quote.place }).click();
  const buy = await orderId(page);
  expect(buy.startsWith('B')).toBe(true);
  await page.getByRole('timer').waitFor();
  await page.getByText(tx.statusFor.pending_buy).first().waitFor();
  await page.getByText('123-4-56789-0').waitFor();
  await page.getByText(fill(tx.pay.deskAccounts, { thb: '10,000.00' })).waitFor();
  await step(page, '10-buy-pay');
  await page.getByLabel(tx.pay.slip).setInputFiles(files.slip ?? '');
  await page.getByRole('img', { name: tx.pay.slipPreview }).waitFor();
  await sendForChecking(page, 'buy');
  await page.getByText(tx.status.request).first().waitFor();
  await step(page, '11-buy-checking');

  // An operator completes it in the console: the slip's name and the deposit seen, then the hash.
  const staff = await staffBrowser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
  await consoleContext(staff, operator.token);
  const desk = await staff.newPage();
  await desk.goto(`/admin/#/orders/${buy}`);
  await desk.getByRole('img', { name: ordersEn.detail.slip }).waitFor();
  await desk.getByLabel(ordersEn.complete.txHash).fill(`0x${randomBytes(32).toString('hex')}`);
  await desk.getByLabel(fill(ordersEn.complete.nameMatches, { name: 'สมหญิง ใจดี' })).check();
  await desk
    .getByLabel(
      fill(ordersEn.complete.depositSeen, {
        amount: '10,000.00',
        accounts: 'Kasikornbank 123-4-56789-0 (BahtDesk Co., Ltd.)',
      }),
    )
    .check();
  await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByText(ordersEn.complete.done).waitFor();
  await staff.close();
  await page.getByText(tx.outcome.success).waitFor();
  await page.getByText(fill(tx.outcome.decidedSuccess, { id: buy })).waitFor();
  await step(page, '12-buy-success');

  // Sell 150 USDT on TRON: the desk's TRON address, the hash pasted, staff pay out (API).
  await openRoute(page, '/transaction?type=sell');
  await page.getByLabel(tx.quote.amountUsdt).fill('150');
  await page.getByLabel(tx.quote.bankAccount).selectOption({ index: 1 });
  await page.getByLabel(tx.quote.network).selectOption('TRON');
  await step(page, '13-sell-quote');
  await page.getByRole('button', { name: tx.quote.submit }).click();
  const sellReview = page.getByRole('dialog', { name: tx.quote.reviewTitle });
  await sellReview.locator('.review-network__name').getByText('TRON (TRC-20)').waitFor();
  await sellReview.getByText(fill(tx.quote.reviewDeadlineSell, { minutes: '15' })).waitFor();
  await step(page, '14-sell-review');
  await sellReview.getByRole('button', { name: tx.quote.place }).click();
  const sell = await orderId(page);
  expect(sell.startsWith('S')).toBe(true);
  await page.getByText(tx.statusFor.pending_sell).first().waitFor();
  await page.getByText(tx.order.timeLeftSell).waitFor();
  expect((await page.locator('.receive__address').textContent())?.trim()).toMatch(
    /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  );
  await step(page, '15-sell-send');
  await page.getByLabel(tx.pay.txHash).fill(randomBytes(32).toString('hex'));
  await sendForChecking(page, 'sell');
  await step(page, '16-sell-checking');
  await adminOk('POST', `/api/admin/orders/${sell}/complete`, operator.token, {
    payoutReference: 'KB-E2E-TH-0001',
  });
  await page.getByText(tx.outcome.success).waitFor();
  await step(page, '17-sell-success');

  // The history: both orders, with the Thai status words and the year in the Buddhist era.
  await openRoute(page, '/transaction-history');
  await page.getByRole('heading', { level: 1, name: historyTh.title }).waitFor();
  const year = String(Number(bangkokDate(new Date()).slice(0, 4)) + 543);
  for (const id of [buy, sell]) {
    const row = page.getByRole('link').filter({ hasText: id });
    await row.getByText(tx.status.success).waitFor();
    expect(await row.textContent()).toMatch(new RegExp(`\\b${year}\\b`));
  }
  await step(page, '18-history');
});
