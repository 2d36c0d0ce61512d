// Journeys of orders, in Chromium against the real server, beside the two whole member paths
// (member-path-en.test.ts and member-path-th.test.ts: a buy by cash deposit and a sell by hash
// completed by staff, leaving and resuming an order, the history and its filters): a Thai member
// sells and is rejected with a reason; an appointment, typed in the page's era, refuses a Saturday
// and every closed day the server lists, and is completed early only with the "came early" tick
// (in English and Thai); an order expires while its page is open (English only: its deadline is the
// shortest the desk allows, a minute, so it is placed first and its page kept open while the other
// journeys run).
import { randomBytes } from 'node:crypto';
import {
  E,
  type Envelope,
  messageFor,
  ORDER_REJECT_REASONS,
  type ResultOf,
  type transactionEndpoints,
} from '@bahtdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import transactionTh from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { formatTypedDate } from '../packages/ui/src/dates/typed.ts';
import {
  a11yViolations,
  baseUrl,
  decodeQr,
  launchChromium,
  PHONE,
  recordPageErrors,
  unexpectedPageErrors,
  useBrowser,
} from './browser.ts';
import { addBankAccount, newVerifiedMember, signInContext } from './members.ts';
import {
  bangkokDay,
  confirmCompletion,
  consolePage,
  fill,
  fillQuote,
  type OrderTexts,
  type OrderType,
  openReview,
  placeFromReview,
  sendForChecking,
} from './order-steps.ts';
import { openRoute } from './routes.ts';
import { adminOk, journeyAdmin, newStaff, type StaffSession, saveSetting } from './staff.ts';

type ReceivePayment = ResultOf<(typeof transactionEndpoints)['getReceivePayment']>;
const browser = useBrowser({ viewport: PHONE });
let operator: StaffSession;
let staffBrowser: Browser;
const TX_HASH = `0x${'5e'.repeat(32)}`;
/** The page of the order placed with a one-minute deadline, open from the file's start. */
let expiring: Page;
const expiringErrors: string[] = [];

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  // A bank account added in a journey is usable at once (its cooling-off is the hardening's subject).
  await saveSetting('payoutCoolingOffHours', 0);
  expiring = await openExpiringOrder();
});

afterAll(async () => {
  await staffBrowser?.close();
  await saveSetting('payoutCoolingOffHours', 24);
});

/**
 * Places an English buy with the shortest deadline the desk allows (one minute) and returns its
 * page, counting down, in a context of its own. Its minute passes while the other journeys run.
 * The deadline is fixed when the order is placed, so the setting is restored at once and the
 * other orders keep 15 minutes.
 */
async function openExpiringOrder(): Promise<Page> {
  const member = await newVerifiedMember();
  const context = await staffBrowser.newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    serviceWorkers: 'block',
  });
  await signInContext(context, member.token);
  const page = await context.newPage();
  recordPageErrors(page, expiringErrors);
  await saveSetting('paymentDeadlineMinutes', 1);
  try {
    await placeOrder(page, transactionEn, 'buy', '1000', 1);
  } finally {
    await saveSetting('paymentDeadlineMinutes', 15);
  }
  return page;
}

/**
 * Opens /transaction and quotes `amount` of `type` (the first destination; selling, on Ethereum), with no accessibility
 * violation on the quote, checks that the review gives the deadline in `minutes`, and places the order.
 */
async function placeOrder(
  page: Page,
  t: OrderTexts,
  type: OrderType,
  amount: string,
  minutes = 15,
): Promise<string> {
  await openRoute(page, `/transaction?type=${type}`);
  await fillQuote(page, t, type, amount);
  expect(await a11yViolations(page)).toEqual([]);
  return placeFromReview(page, await openReview(page, t, type, { minutes }), t);
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

    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    // Dates are typed as the page writes them: day/month/year, in the Buddhist era on a Thai page.
    const dateField = page.getByLabel(t.pay.date, { exact: true });
    const typeDate = (date: string) => dateField.fill(formatTypedDate(date, lang));
    const saturday = [...Array(8).keys()].map((i) => bangkokDay(i + 1)).find((d) => weekday(d) === 6) ?? '';
    await typeDate(saturday);
    await page.getByText(t.pay.weekend).waitFor();

    // The list is the desk's calendar of closed days from today to the last bookable day, no more
    // and no less: an empty list is asserted to be a window that truly has none.
    const window: string[] = [];
    for (let i = 0; bangkokDay(i) <= receive.lastAppointmentDate; i++) window.push(bangkokDay(i));
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
    const desk = await consolePage(staffBrowser, operator.token, `/orders?sort=appointment&q=${id}`);
    const row = desk.getByRole('row').filter({ has: desk.getByRole('link', { name: id }) });
    await row.getByText(/^Appointment /).waitFor();
    await desk.getByRole('link', { name: id }).click();
    await desk.getByLabel(ordersEn.complete.txHash).fill(`0x${randomBytes(32).toString('hex')}`);
    await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
    await desk.getByText(messageFor(E.APPOINTMENT_EARLY_CHECK_REQUIRED.code, 'en')).waitFor();
    await desk.getByLabel(/^The member came early: the appointment is on /).check();
    await confirmCompletion(desk);
    await desk.context().close();
    await page.getByText(t.outcome.success).waitFor();
  },
);

// The order was placed in the file's beforeAll (openExpiringOrder) and its page has been open since.
test('an order expires while its page is open', { timeout: 150_000 }, async () => {
  const t = transactionEn;
  await expiring.getByText(t.outcome.expired).waitFor({ timeout: 120_000 });
  await expiring.getByText(t.status.expired).first().waitFor();
  expect(unexpectedPageErrors(expiringErrors)).toEqual([]);
});
