// Journeys of orders, in Chromium against the real server: a member buys by cash
// deposit from quote to success (staff complete it and the member's open page changes without a
// reload); a Thai member sells and is rejected with a reason; an appointment, typed in the page's
// era, refuses a Saturday and every closed day the server lists; an order expires while its page is
// open; a member leaves midway, resumes from the history, and filters the history (at once, with a
// custom range typed and picked from the calendar by keyboard).
// Languages: the buy by cash deposit runs in English and the sell to rejection in Thai (together
// the member's side of the main flow in both); the appointment and the leave/resume/history
// journeys run in both English and Thai (Thai status chips, Buddhist-era years in the history);
// the expiry, which waits about a minute, runs in English only. On the desk's side: the complete
// form's ticks (the slip's name and the deposit seen in the desk's account; an appointment
// completed before its day), and a sell's payout account, masked to a viewer and shown in full to
// an operator only through the audited reveal.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bangkokDate,
  E,
  type Envelope,
  messageFor,
  ORDER_ID_PATTERN,
  ORDER_REJECT_REASONS,
  type ResultOf,
  type transactionEndpoints,
} from '@bahtdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import commonEn from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import historyEn from '../apps/web/src/locales/en/history.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import commonTh from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import historyTh from '../apps/web/src/locales/th/history.json' with { type: 'json' };
import transactionTh from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { formatTypedDate } from '../packages/ui/src/dates/typed.ts';
import { a11yViolations, baseUrl, DESKTOP, decodeQr, launchChromium, PHONE, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext, testPhoto } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';
import { adminOk, consoleContext, journeyAdmin, newStaff, type StaffSession } from './staff.ts';

interface OrderHistory {
  history: { action: string; actorName: string | null }[];
}

type Texts = typeof transactionEn;
type ReceivePayment = ResultOf<(typeof transactionEndpoints)['getReceivePayment']>;
const browser = useBrowser({ viewport: PHONE });
let operator: StaffSession;
let viewer: StaffSession;
let staffBrowser: Browser;
let slipFile: string;
const TX_HASH = `0x${'5e'.repeat(32)}`;

async function saveSetting(key: string, value: unknown): Promise<void> {
  await adminOk('POST', '/api/admin/settings', journeyAdmin().token, { key, value });
}

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  viewer = await newStaff(journeyAdmin(), 'viewer');
  // A bank account added in a journey is usable at once (its cooling-off is the hardening's subject).
  await saveSetting('payoutCoolingOffHours', 0);
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-orders-'));
  slipFile = join(dir, 'slip.jpg');
  writeFileSync(slipFile, Buffer.from(await testPhoto('#eeeeee', 600, 800), 'base64'));
});

afterAll(async () => {
  await staffBrowser?.close();
  await saveSetting('payoutCoolingOffHours', 24);
  await saveSetting('paymentDeadlineMinutes', 15);
});

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * Opens /transaction in `type`, quotes `amount`, picks the first destination (and, selling, the
 * network), checks that the review gives the deadline in `minutes`, and places the order.
 */
async function placeOrder(
  page: Page,
  t: Texts,
  type: 'buy' | 'sell',
  amount: string,
  minutes = 15,
): Promise<string> {
  await openRoute(page, `/transaction?type=${type}`);
  await page.getByLabel(type === 'buy' ? t.quote.amountThb : t.quote.amountUsdt).fill(amount);
  await page.getByLabel(type === 'buy' ? t.quote.address : t.quote.bankAccount).selectOption({ index: 1 });
  // The amount is grouped as typed.
  expect(await page.getByLabel(type === 'buy' ? t.quote.amountThb : t.quote.amountUsdt).inputValue()).toBe(
    Number(amount.replaceAll(',', '')).toLocaleString('en-US'),
  );
  if (type === 'sell') {
    // No network is chosen for a member who has never sold: ERC-20 and BEP20 addresses look alike.
    const network = page.getByLabel(t.quote.network);
    expect(await network.inputValue()).toBe('');
    await network.selectOption('TETHER');
  }
  expect(await a11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: t.quote.submit }).click();
  const review = page.getByRole('dialog', { name: t.quote.reviewTitle });
  // The deadline in minutes, before the order exists; a sell names its network in large type.
  await review
    .getByText(
      fill(type === 'buy' ? t.quote.reviewDeadline : t.quote.reviewDeadlineSell, {
        minutes: String(minutes),
      }),
    )
    .waitFor();
  if (type === 'sell') await review.locator('.review-network__name').getByText('Ethereum (ERC-20)').waitFor();
  await review.getByRole('button', { name: t.quote.place }).click();
  // The heading names the order by its id (ORDER_ID_PATTERN, without its anchors).
  const anywhere = new RegExp(ORDER_ID_PATTERN.source.slice(1, -1));
  const heading = page.getByRole('heading', { level: 1, name: anywhere });
  await heading.waitFor();
  const id = (await heading.textContent())?.match(anywhere)?.[0];
  if (!id) throw new Error('no order id in the heading');
  await page.getByRole('timer').waitFor();
  return id;
}

/**
 * Every amount, account and phone number kept whole (`.keep`) lies on one line at 320 px: an
 * inline box broken across lines has one rectangle per line.
 */
async function expectKeptWholeAt320(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 844 });
  const lines = await page
    .locator('.keep')
    .evaluateAll((els) => els.map((el) => [el.textContent, el.getClientRects().length] as const));
  if (viewport) await page.setViewportSize(viewport);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(lines.filter(([, n]) => n !== 1)).toEqual([]);
}

async function sendForChecking(page: Page, t: Texts, type: 'buy' | 'sell' = 'buy'): Promise<void> {
  await page.getByRole('button', { name: type === 'buy' ? t.pay.confirm : t.pay.confirmSell }).click();
  await page
    .getByRole('dialog', { name: t.pay.confirmTitle })
    .getByRole('button', { name: t.pay.send })
    .click();
  await page.getByText(type === 'buy' ? t.outcome.request : t.outcome.requestSell).waitFor();
}

test('a member buys by cash deposit from quote to success; an operator completes it in the console and the open page changes without a reload', async () => {
  const member = await newVerifiedMember();
  await signInContext(await browser.context(), member.token);
  const page = await browser.page();
  const t = transactionEn;
  const id = await placeOrder(page, t, 'buy', '10,000');
  expect(id.startsWith('B')).toBe(true);

  // The desk's account from the web settings, grouped as the bank prints it, with the exact amount.
  await page.getByText('123-4-56789-0').waitFor();
  await page.getByText(fill(t.pay.deskAccounts, { thb: '10,000.00' })).waitFor();
  await page.getByLabel(t.pay.slip).setInputFiles(slipFile);
  await page.getByRole('img', { name: t.pay.slipPreview }).waitFor();
  expect(await a11yViolations(page)).toEqual([]);
  await sendForChecking(page, t);

  // An operator completes it in the console, in another browser: the queue shows it live.
  const staff = await staffBrowser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
  await consoleContext(staff, operator.token);
  const desk = await staff.newPage();
  await desk.goto('/admin/#/orders');
  await desk.getByRole('link', { name: id }).click();
  await desk.getByRole('img', { name: ordersEn.detail.slip }).waitFor();
  await desk.getByText('Somsak Rakdee').first().waitFor();
  await desk.getByLabel(ordersEn.complete.txHash).fill(TX_HASH);
  await desk.getByLabel(fill(ordersEn.complete.nameMatches, { name: 'Somsak Rakdee' })).check();
  // Without the tick that the money arrived, the console (as the server) refuses.
  await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByText(messageFor(E.DEPOSIT_SEEN_CHECK_REQUIRED.code, 'en')).waitFor();
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
  // No reload: the member's stream brings the decision.
  await page.getByText(t.outcome.success).waitFor();
  await page.getByText(TX_HASH).first().waitFor();
  await page.getByText(fill(t.outcome.decidedSuccess, { id })).waitFor();
  await expectRoute(page, '/transaction');
});

test("a sell's payout account is masked on the order screen: a viewer never sees the full number, an operator shows it from the complete form (audited) and pays out", async () => {
  const member = await newVerifiedMember();
  await addBankAccount(member.token, member.password);
  await signInContext(await browser.context(), member.token);
  const page = await browser.page();
  const t = transactionEn;
  const id = await placeOrder(page, t, 'sell', '150');
  await page.getByLabel(t.pay.txHash).fill(`0x${randomBytes(32).toString('hex')}`);
  await sendForChecking(page, t, 'sell');

  const masked = 'xxx-x-x4321-0';
  const full = '987-6-54321-0';
  // A viewer: the masked number, no decision and no way to the full one.
  const viewing = await staffBrowser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
  await consoleContext(viewing, viewer.token);
  const seen = await viewing.newPage();
  await seen.goto(`/admin/#/orders/${id}`);
  await seen.getByRole('region', { name: ordersEn.detail.order }).getByText(masked).waitFor();
  expect(await seen.getByRole('button', { name: ordersEn.complete.reveal }).count()).toBe(0);
  expect(await seen.getByText(full).count()).toBe(0);
  expect(await seen.content()).not.toContain('9876543210');
  await viewing.close();

  // An operator: the complete form shows the masked number, the button shows the full one.
  const staff = await staffBrowser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
  await consoleContext(staff, operator.token);
  const desk = await staff.newPage();
  await desk.goto(`/admin/#/orders/${id}`);
  const form = desk.getByRole('form', { name: ordersEn.complete.title });
  await form.getByText(masked).waitFor();
  expect(await a11yViolations(desk)).toEqual([]);
  await form.getByRole('button', { name: ordersEn.complete.reveal }).click();
  await form.getByText(full).waitFor();
  const history = await adminOk<OrderHistory>('GET', `/api/admin/orders/${id}`, operator.token);
  expect(history.history.filter((h) => h.action === 'order.bank_account.reveal')).toEqual([
    expect.objectContaining({ actorName: operator.username }),
  ]);
  await form.getByLabel(ordersEn.complete.bankReference).fill('KB-E2E-0001');
  await form.getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: ordersEn.complete.submit }).click();
  await desk.getByText(ordersEn.complete.done).waitFor();
  await staff.close();
  await page.getByText(t.outcome.success).waitFor();
});

test('a member in Thai sells, sends the hash, and reads the rejection reason in Thai', async () => {
  const member = await newVerifiedMember();
  await addBankAccount(member.token, member.password);
  await signInContext(await browser.context({ locale: 'th-TH' }), member.token);
  const page = await browser.page();
  const t = transactionTh;
  const id = await placeOrder(page, t, 'sell', '150');
  expect(id.startsWith('S')).toBe(true);

  // The desk's receiving address, as text and as a QR code that decodes to it.
  const address = (await page.locator('.receive__address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const qr = page.getByRole('img', { name: fill(t.pay.qrAlt, { network: 'Ethereum (ERC-20)' }) });
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Clear of the sticky top bar and countdown.
  await qr.evaluate((img) => img.scrollIntoView({ block: 'center' }));
  expect(await decodeQr(page, qr)).toBe(address);
  // A sell waits for USDT, not for a payment, and counts down the time to send it.
  await page.getByText(t.statusFor.pending_sell).first().waitFor();
  await page.getByText(t.order.timeLeftSell).waitFor();
  await page.getByLabel(t.pay.txHash).fill(TX_HASH);
  expect(await a11yViolations(page)).toEqual([]);
  await sendForChecking(page, t, 'sell');

  await adminOk('POST', `/api/admin/orders/${id}/reject`, operator.token, { reasonCode: 'amountMismatch' });
  await page.getByRole('status').getByText(ORDER_REJECT_REASONS.amountMismatch.th).waitFor();
  // What happens to the USDT already sent, and the desk's contact: on the order page and in the history.
  await page.getByText(t.outcome.rejectSell).waitFor();
  await page.getByRole('button', { name: t.outcome.contactButton }).waitFor();
  expect(await a11yViolations(page)).toEqual([]);
  await openRoute(page, `/transaction-history?id=${id}`);
  await page.getByText(t.outcome.rejectSell).waitFor();
  await page.getByRole('button', { name: t.outcome.contactButton }).waitFor();
});

test.each(['en', 'th'] as const)(
  "an appointment (%s) keeps amounts whole at 320 px, is typed in the page's era, refuses a Saturday and each closed day of the desk's calendar, then books a business day; an operator completes it only with the tick that the member came early",
  async (lang) => {
    const member = await newVerifiedMember();
    await signInContext(await browser.context(lang === 'th' ? { locale: 'th-TH' } : {}), member.token);
    const page = await browser.page();
    const t = lang === 'th' ? transactionTh : transactionEn;
    // The page's own answer: the holidays the server lists for the booking window.
    const answer = page.waitForResponse((r) =>
      r.url().endsWith('/api/external/transaction/getReceivePayment'),
    );
    const id = await placeOrder(page, t, 'buy', '5000');
    const receive = ((await (await answer).json()) as Envelope<ReceivePayment>).result?.period;
    if (receive?.type !== 'buy') throw new Error('getReceivePayment did not answer a buy');
    // The amount and the desk's account number never break inside themselves, even at 320 px.
    await expectKeptWholeAt320(page);
    await page.getByLabel(t.pay.cash_appointment).check();

    const day = (offset: number) => bangkokDate(new Date(Date.now() + offset * 86_400_000));
    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    // Dates are typed as the page writes them: day/month/year, in the Buddhist era on a Thai page.
    const dateField = page.getByLabel(t.pay.date, { exact: true });
    const typeDate = (date: string) => dateField.fill(formatTypedDate(date, lang));
    const saturday = [...Array(8).keys()].map((i) => day(i + 1)).find((d) => weekday(d) === 6) ?? '';
    await typeDate(saturday);
    await page.getByText(t.pay.weekend).waitFor();

    // The list is the desk's calendar of closed days from today to the last bookable day, no more
    // and no less: an empty list is asserted to be a window that truly has none.
    const window: string[] = [];
    for (let i = 0; day(i) <= receive.lastAppointmentDate; i++) window.push(day(i));
    const years = [...new Set(window.map((d) => d.slice(0, 4)))];
    const closed: string[] = [];
    for (const year of years) {
      const { items } = await adminOk<{ items: { date: string }[] }>(
        'GET',
        `/api/admin/closed-days?year=${year}`,
        journeyAdmin().token,
      );
      closed.push(...items.map((d) => d.date));
    }
    expect(
      receive.holidays.map((h) => h.date),
      `closed days from ${window[0]} to ${receive.lastAppointmentDate}`,
    ).toEqual(closed.filter((d) => d >= (window[0] ?? '') && d <= receive.lastAppointmentDate));
    // Every listed closed day is refused with its name (one on a weekend as a weekend).
    for (const holiday of receive.holidays) {
      await typeDate(holiday.date);
      const warning =
        weekday(holiday.date) % 6 === 0 ? t.pay.weekend : fill(t.pay.holiday, { name: holiday.name[lang] });
      await page.getByText(warning).waitFor();
    }

    const open = window
      .slice(1)
      .find((d) => weekday(d) % 6 !== 0 && !receive.holidays.some((h) => h.date === d));
    await typeDate(open ?? '');
    await page.getByLabel(t.pay.time, { exact: true }).fill('10:00');
    await page.getByRole('button', { name: t.pay.confirmAppointment }).click();
    await page
      .getByRole('dialog', { name: t.pay.confirmTitle })
      .getByRole('button', { name: t.pay.send })
      .click();
    // Booked, not "being checked"; the appointment is the order's deadline now.
    await page.getByText(t.statusFor.request_cash_appointment).first().waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);

    // The appointment is on a later day: the queue shows it, and the operator completes it only
    // with the tick that the member came early.
    const staff = await staffBrowser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    await consoleContext(staff, operator.token);
    const desk = await staff.newPage();
    await desk.goto(`/admin/#/orders?sort=appointment&q=${id}`);
    const row = desk.getByRole('row').filter({ has: desk.getByRole('link', { name: id }) });
    await row.getByText(/^Appointment /).waitFor();
    await desk.getByRole('link', { name: id }).click();
    await desk.getByLabel(ordersEn.complete.txHash).fill(`0x${randomBytes(32).toString('hex')}`);
    await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
    await desk.getByText(messageFor(E.APPOINTMENT_EARLY_CHECK_REQUIRED.code, 'en')).waitFor();
    await desk.getByLabel(/^The member came early: the appointment is on /).check();
    await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: ordersEn.complete.submit }).click();
    await desk.getByText(ordersEn.complete.done).waitFor();
    await staff.close();
    await page.getByText(t.outcome.success).waitFor();
  },
);

test.each(['en', 'th'] as const)(
  'a member (%s) leaves midway, resumes from the history with the countdown running, and filters the history',
  async (lang) => {
    const member = await newVerifiedMember();
    await signInContext(await browser.context(lang === 'th' ? { locale: 'th-TH' } : {}), member.token);
    const page = await browser.page();
    const t = lang === 'th' ? transactionTh : transactionEn;
    const h = lang === 'th' ? historyTh : historyEn;
    const historyLink = (lang === 'th' ? commonTh : commonEn).nav.history;
    // Dates show the year as the reader counts it: the Buddhist era in Thai (2569 for 2026).
    const thisYear = Number(bangkokDate(new Date()).slice(0, 4));
    const shownYear = String(lang === 'th' ? thisYear + 543 : thisYear);
    const otherYear = String(lang === 'th' ? thisYear : thisYear + 543);
    const day = (offset: number) => bangkokDate(new Date(Date.now() + offset * 86_400_000));
    const id = await placeOrder(page, t, 'buy', '2000');

    // Leaving asks first; staying keeps the order on screen.
    await page.getByRole('link', { name: historyLink }).first().click();
    const leave = page.getByRole('alertdialog', { name: t.leave.title });
    await leave.getByRole('button', { name: t.leave.stay }).click();
    await page.getByRole('timer').waitFor();
    // So does the browser's Back button; staying keeps the order's page and its address.
    await page.goBack({ waitUntil: 'commit' });
    await leave.getByRole('button', { name: t.leave.stay }).click();
    await leave.waitFor({ state: 'detached' });
    await page.getByRole('timer').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/transaction?id=${id}`);
    await page.getByRole('link', { name: historyLink }).first().click();
    await leave.getByRole('button', { name: t.leave.leave }).click();
    await expectRoute(page, '/transaction-history');

    // Every page's top bar shows the pending order with its countdown and "continue".
    const bar = page.getByRole('region', { name: t.pending.label });
    await bar.getByText(fill(t.pending.buy, { id })).waitFor();
    await bar.getByRole('timer').waitFor();
    await bar.getByRole('link', { name: t.pending.continue }).waitFor();
    const row = page.getByRole('link').filter({ hasText: id });
    await row.getByText(t.statusFor.pending_buy).waitFor();
    const listed = row.getByText(new RegExp(`\\b${shownYear}\\b`));
    await listed.waitFor();
    expect(await listed.textContent()).not.toContain(otherYear);
    expect(await a11yViolations(page)).toEqual([]);
    await row.click();
    await page.getByRole('link', { name: t.order.continue }).waitFor();
    // The detail: the same chip, and the date it was placed in the reader's era.
    const detail = page.locator('.order-details');
    await detail.getByText(t.statusFor.pending_buy).waitFor();
    const created = detail
      .locator('.order-details__row')
      .filter({ hasText: t.fields.createdAt })
      .locator('dd');
    expect(await created.textContent()).toMatch(new RegExp(`\\b${shownYear}\\b`));
    expect(await created.textContent()).not.toContain(otherYear);
    // The time left to pay shows beside "continue", as on the order page.
    await page.getByRole('timer').waitFor();
    expect(await a11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: t.order.continue }).click();
    await expectRoute(page, '/transaction');
    await page.getByRole('heading', { level: 1, name: new RegExp(id) }).waitFor();
    await page.getByRole('timer').waitFor();

    // Filters apply as they change: the order is a buy of today, so "sell" and "yesterday" show none.
    await openRoute(page, '/transaction-history');
    await page.getByLabel(h.type).selectOption('sell');
    await page.getByText(h.empty).waitFor();
    await page.getByLabel(h.type).selectOption('buy');
    await page.getByLabel(h.filter).selectOption('yesterday');
    await page.getByText(h.empty).waitFor();
    await page.getByLabel(h.filter).selectOption('today');
    await page.getByRole('link').filter({ hasText: id }).getByText(t.statusFor.pending_buy).waitFor();
    // A custom range typed as the page shows dates (2569 on a Thai page is this year, not 3112).
    await page.getByLabel(h.filter).selectOption('custom');
    await page.getByLabel(h.from, { exact: true }).fill(formatTypedDate(day(-1), lang));
    await page.getByLabel(h.to, { exact: true }).fill(formatTypedDate(day(0), lang));
    await expect.poll(() => new URL(page.url()).hash).toContain(`startDate=${day(-1)}&endDate=${day(0)}`);
    await page.getByRole('link').filter({ hasText: id }).getByText(t.statusFor.pending_buy).waitFor();
    // The calendar opens from the keyboard, in the page's era, and a day is picked with the keys.
    await page.getByRole('button', { name: new RegExp(h.to) }).press('Enter');
    const grid = page.getByRole('dialog', { name: h.to }).getByRole('grid');
    await grid.waitFor();
    expect(await grid.getAttribute('aria-label')).toContain(shownYear);
    expect(await a11yViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toContain(`startDate=${day(-1)}&endDate=${day(-1)}`);
    await page.getByText(h.empty).waitFor();
  },
);

test('an order expires while its page is open', { timeout: 150_000 }, async () => {
  await saveSetting('paymentDeadlineMinutes', 1);
  try {
    const member = await newVerifiedMember();
    await signInContext(await browser.context(), member.token);
    const page = await browser.page();
    const t = transactionEn;
    await placeOrder(page, t, 'buy', '1000', 1);
    await page.getByText(t.outcome.expired).waitFor({ timeout: 120_000 });
    await page.getByText(t.status.expired).first().waitFor();
  } finally {
    await saveSetting('paymentDeadlineMinutes', 15);
  }
});

/** Adds a bank account in the member's own name (the current password is the step-up). */
async function addBankAccount(token: string, password: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/external/user/addPayment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      type: 'bank',
      bankCode: 'KBANK',
      accountNumber: '9876543210',
      accountName: 'Somsak Rakdee',
      currentPassword: password,
    }),
  });
  const envelope = (await response.json()) as { code: number; message: string };
  if (envelope.code !== 0) throw new Error(`addPayment answered ${envelope.code}: ${envelope.message}`);
}
