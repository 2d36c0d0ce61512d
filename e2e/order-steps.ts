// Steps shared by the order journeys (orders.test.ts, member-path-en.test.ts, member-path-th.test.ts,
// and the console opened by kyc.test.ts): quoting and placing an order with its review dialog,
// reading the order's id, sending it for checking, leaving a pending order and resuming it from the
// history, the history and its filters, the staff console opened on an order and a completion
// confirmed there, photo files for slips and identity, and the page's sideways overflow.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bangkokDate, ORDER_ID_PATTERN } from '@bahtdesk/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import historyEn from '../apps/web/src/locales/en/history.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import { formatTypedDate } from '../packages/ui/src/dates/typed.ts';
import { a11yViolations, baseUrl, DESKTOP } from './browser.ts';
import { testPhoto } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';
import { consoleContext } from './staff.ts';

/** The member app's order texts in one language (transaction.json). */
export type OrderTexts = typeof transactionEn;
export type OrderType = 'buy' | 'sell';
/** A journey's look at the screen as it is now (a screenshot, a check for sideways scrolling). */
export type Screen = (name: string) => Promise<void>;
/** The member app's history texts in one language (history.json). */
export type HistoryTexts = typeof historyEn;

/** The desk's cash-deposit account as the console's "deposit seen" tick names it (the seeded web settings). */
export const DESK_ACCOUNTS = 'Kasikornbank 123-4-56789-0 (BahtDesk Co., Ltd.)';

/** A catalogue text with its {{placeholders}} filled in. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** JPEG photos of plain colours, 800 x 600, written to a new temporary folder; answers their paths by name. */
export async function photoFiles(
  prefix: string,
  colours: Record<string, string>,
): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), `bahtdesk-${prefix}-`));
  const files: Record<string, string> = {};
  for (const [name, colour] of Object.entries(colours)) {
    files[name] = join(dir, `${name}.jpg`);
    writeFileSync(files[name], Buffer.from(await testPhoto(colour, 800, 600), 'base64'));
  }
  return files;
}

/** Writes a 3,000 x 2,000 PNG of noise to `path`: far over 2 MB, so the browser must shrink it before sending. */
export async function writeLargePhoto(path: string): Promise<void> {
  await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toFile(path);
}

/** The year as a reader of `lang` counts it (the Buddhist era in Thai: 2569 for 2026), and the other count. */
export function yearsFor(lang: 'en' | 'th'): { shown: string; other: string } {
  const year = Number(bangkokDate(new Date()).slice(0, 4));
  return lang === 'th'
    ? { shown: String(year + 543), other: String(year) }
    : { shown: String(year), other: String(year + 543) };
}

/** The day `offset` days from today in Bangkok, as YYYY-MM-DD. */
export const bangkokDay = (offset: number) => bangkokDate(new Date(Date.now() + offset * 86_400_000));

/** An order's row in the history list. */
export const historyRow = (page: Page, id: string) => page.getByRole('link').filter({ hasText: id });

/** How far the page scrolls sideways, in CSS pixels (0 when nothing overflows). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Fills the quote on the open /transaction page in `type`: `amount`, the first destination (a buy's USDT
 * address, a sell's bank account) and, selling, `network`. The amount shows grouped as typed; a
 * member who has never sold has no network chosen (ERC-20 and BEP20 addresses look alike).
 */
export async function fillQuote(
  page: Page,
  t: OrderTexts,
  type: OrderType,
  amount: string,
  network = 'TETHER',
): Promise<void> {
  const amountField = page.getByLabel(type === 'buy' ? t.quote.amountThb : t.quote.amountUsdt);
  await amountField.fill(amount);
  await page.getByLabel(type === 'buy' ? t.quote.address : t.quote.bankAccount).selectOption({ index: 1 });
  expect(await amountField.inputValue()).toBe(Number(amount.replaceAll(',', '')).toLocaleString('en-US'));
  if (type === 'sell') {
    const field = page.getByLabel(t.quote.network);
    expect(await field.inputValue()).toBe('');
    await field.selectOption(network);
  }
}

/**
 * Opens the review dialog of the filled quote and waits for what it must say before the order
 * exists: the deadline in `minutes` and, selling, the network's name in large type.
 */
export async function openReview(
  page: Page,
  t: OrderTexts,
  type: OrderType,
  { minutes = 15, networkName = 'Ethereum (ERC-20)' } = {},
): Promise<Locator> {
  await page.getByRole('button', { name: t.quote.submit }).click();
  const review = page.getByRole('dialog', { name: t.quote.reviewTitle });
  const deadline = type === 'buy' ? t.quote.reviewDeadline : t.quote.reviewDeadlineSell;
  await review.getByText(fill(deadline, { minutes: String(minutes) })).waitFor();
  if (type === 'sell') await review.locator('.review-network__name').getByText(networkName).waitFor();
  return review;
}

/** Invisible marks the app may put in a text (word joiners around Thai terms). */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * The review dialog's sentence gives the order's figures for the `amount` typed: a buy pays that
 * many THB and receives them divided by the rate, cut (never rounded up) to 2 decimals; a sell sends
 * that many USDT and receives their value at the rate, cut to 2 decimals, less the fee.
 */
export async function expectReviewFigures(
  review: Locator,
  t: OrderTexts,
  type: OrderType,
  amount: string,
): Promise<void> {
  const template = (type === 'buy' ? t.quote.reviewBuy : t.quote.reviewSell).replace(INVISIBLE, '');
  const source = template
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => (i % 2 ? `(?<${part}>[\\d,]+\\.\\d{2})` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const text = ((await review.locator('p').first().textContent()) ?? '').replace(INVISIBLE, '');
  const figures = new RegExp(source).exec(text)?.groups;
  if (!figures) throw new Error(`the review says "${text}"`);
  /** A figure in hundredths (satang, or hundredths of a USDT), a whole number. */
  const hundredths = (figure: string | undefined) =>
    Math.round(Number((figure ?? '').replaceAll(',', '')) * 100);
  const typed = hundredths(amount);
  const rate = hundredths(figures.rate);
  if (type === 'buy') {
    expect(hundredths(figures.thb)).toBe(typed);
    expect(hundredths(figures.usdt)).toBe(Math.floor((typed * 100) / rate));
  } else {
    expect(hundredths(figures.usdt)).toBe(typed);
    expect(hundredths(figures.thb) + hundredths(figures.fee)).toBe(Math.floor((typed * rate) / 100));
    expect(hundredths(figures.fee)).toBeGreaterThan(0);
  }
}

/** Places the order from its review dialog; answers its id once its page counts down. */
export async function placeFromReview(page: Page, review: Locator, t: OrderTexts): Promise<string> {
  await review.getByRole('button', { name: t.quote.place }).click();
  const id = await orderId(page);
  await page.getByRole('timer').waitFor();
  return id;
}

/** The order's id, read from the heading of its page (ORDER_ID_PATTERN, without its anchors). */
export async function orderId(page: Page): Promise<string> {
  const anywhere = new RegExp(ORDER_ID_PATTERN.source.slice(1, -1));
  const heading = page.getByRole('heading', { level: 1, name: anywhere });
  await heading.waitFor();
  const id = (await heading.textContent())?.match(anywhere)?.[0];
  if (!id) throw new Error('no order id in the heading');
  return id;
}

/** Sends the paid (buy) or sent (sell) order for checking, through its confirm dialog. */
export async function sendForChecking(page: Page, t: OrderTexts, type: OrderType = 'buy'): Promise<void> {
  await page.getByRole('button', { name: type === 'buy' ? t.pay.confirm : t.pay.confirmSell }).click();
  await page
    .getByRole('dialog', { name: t.pay.confirmTitle })
    .getByRole('button', { name: t.pay.send })
    .click();
  await page.getByText(type === 'buy' ? t.outcome.request : t.outcome.requestSell).waitFor();
}

/** A new desktop page of the staff console in `browser`, signed in with `token`, at `route` (e.g. '/orders'). */
export async function consolePage(browser: Browser, token: string, route: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
  await consoleContext(context, token);
  const page = await context.newPage();
  await page.goto(`/admin/#${route}`);
  return page;
}

/** The console's "the money arrived" tick of a buy paid by cash deposit of `amount` (e.g. '10,000.00'). */
export function depositSeen(desk: Page, amount: string): Locator {
  return desk.getByLabel(fill(ordersEn.complete.depositSeen, { amount, accounts: DESK_ACCOUNTS }));
}

/** Completes the open order in the console (the button, then its confirmation) and waits for "done". */
export async function confirmCompletion(desk: Page | Locator): Promise<void> {
  await desk.getByRole('button', { name: ordersEn.complete.submit }).click();
  const page = 'page' in desk ? desk.page() : desk;
  await page.getByRole('alertdialog').getByRole('button', { name: ordersEn.complete.submit }).click();
  await page.getByText(ordersEn.complete.done).waitFor();
}

/**
 * Leaves the open buy `id` midway through the navigation's `historyLink` and resumes it from the
 * history: leaving asks first, and staying (from the link or the browser's Back button) keeps the
 * order and its address; once left, every page's top bar shows the pending order with its countdown
 * and "continue"; the history lists it with its chip and its date in the reader's era, then its
 * detail (the same chip, the date placed, the time left beside "continue") leads back to the order
 * page, its countdown running. `screen` is called on the history and on the detail (a journey's
 * screenshots).
 */
export async function leaveAndResume(
  page: Page,
  t: OrderTexts,
  {
    id,
    historyLink,
    lang,
    screen = async () => {},
  }: {
    id: string;
    historyLink: string;
    lang: 'en' | 'th';
    screen?: (name: string) => Promise<void>;
  },
): Promise<void> {
  const link = page.getByRole('link', { name: historyLink }).first();
  const { shown, other } = yearsFor(lang);
  await link.click();
  const leave = page.getByRole('alertdialog', { name: t.leave.title });
  await leave.getByRole('button', { name: t.leave.stay }).click();
  await page.getByRole('timer').waitFor();
  await page.goBack({ waitUntil: 'commit' });
  await leave.getByRole('button', { name: t.leave.stay }).click();
  await leave.waitFor({ state: 'detached' });
  await page.getByRole('timer').waitFor();
  await expect.poll(() => new URL(page.url()).hash).toBe(`#/transaction?id=${id}`);
  await link.click();
  await leave.getByRole('button', { name: t.leave.leave }).click();
  await expectRoute(page, '/transaction-history');

  const bar = page.getByRole('region', { name: t.pending.label });
  await bar.getByText(fill(t.pending.buy, { id })).waitFor();
  await bar.getByRole('timer').waitFor();
  await bar.getByRole('link', { name: t.pending.continue }).waitFor();
  const row = historyRow(page, id);
  await row.getByText(t.statusFor.pending_buy).waitFor();
  const listed = row.getByText(new RegExp(`\\b${shown}\\b`));
  await listed.waitFor();
  expect(await listed.textContent()).not.toContain(other);
  expect(await a11yViolations(page)).toEqual([]);
  await screen('history-pending');

  await row.click();
  await page.getByRole('link', { name: t.order.continue }).waitFor();
  const detail = page.locator('.order-details');
  await detail.getByText(t.statusFor.pending_buy).waitFor();
  const created = detail.locator('.order-details__row').filter({ hasText: t.fields.createdAt }).locator('dd');
  expect(await created.textContent()).toMatch(new RegExp(`\\b${shown}\\b`));
  expect(await created.textContent()).not.toContain(other);
  await page.getByRole('timer').waitFor();
  expect(await a11yViolations(page)).toEqual([]);
  await screen('history-detail');
  await page.getByRole('link', { name: t.order.continue }).click();
  await expectRoute(page, '/transaction');
  await page.getByRole('heading', { level: 1, name: new RegExp(id) }).waitFor();
  await page.getByRole('timer').waitFor();
}

/**
 * The history of a member whose buy and sell of today are both completed: opened, it lists both with
 * the completed chip and the year in the reader's era (`screen('history')`). Filters apply as they
 * change: by type, one order each; yesterday, none; today, the buy again. A custom range from
 * yesterday to today typed as the page shows dates (day/month/year in the reader's era: 2569 on a
 * Thai page is this year, not 3112) lists it; the calendar opens from the keyboard in the reader's
 * era, and picking yesterday with the keys lists nothing.
 */
export async function checkHistory(
  page: Page,
  t: OrderTexts,
  h: HistoryTexts,
  {
    buy,
    sell,
    lang,
    screen = async () => {},
  }: { buy: string; sell: string; lang: 'en' | 'th'; screen?: Screen },
): Promise<void> {
  const { shown, other } = yearsFor(lang);
  await openRoute(page, '/transaction-history');
  await page.getByRole('heading', { level: 1, name: h.title }).waitFor();
  for (const id of [buy, sell]) {
    await historyRow(page, id).getByText(t.status.success).waitFor();
    const text = (await historyRow(page, id).textContent()) ?? '';
    expect(text).toMatch(new RegExp(`\\b${shown}\\b`));
    expect(text).not.toContain(other);
  }
  await screen('history');

  await page.getByLabel(h.type).selectOption('sell');
  await historyRow(page, sell).waitFor();
  await historyRow(page, buy).waitFor({ state: 'detached' });
  await page.getByLabel(h.type).selectOption('buy');
  await historyRow(page, buy).waitFor();
  await historyRow(page, sell).waitFor({ state: 'detached' });
  await page.getByLabel(h.filter).selectOption('yesterday');
  await page.getByText(h.empty).waitFor();
  await page.getByLabel(h.filter).selectOption('today');
  await historyRow(page, buy).getByText(t.status.success).waitFor();

  await page.getByLabel(h.filter).selectOption('custom');
  await page.getByLabel(h.from, { exact: true }).fill(formatTypedDate(bangkokDay(-1), lang));
  await page.getByLabel(h.to, { exact: true }).fill(formatTypedDate(bangkokDay(0), lang));
  await expect
    .poll(() => new URL(page.url()).hash)
    .toContain(`startDate=${bangkokDay(-1)}&endDate=${bangkokDay(0)}`);
  await historyRow(page, buy).getByText(t.status.success).waitFor();
  await screen('history-filtered');
  await page.getByRole('button', { name: new RegExp(h.to) }).press('Enter');
  const grid = page.getByRole('dialog', { name: h.to }).getByRole('grid');
  await grid.waitFor();
  expect(await grid.getAttribute('aria-label')).toContain(shown);
  expect(await a11yViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => new URL(page.url()).hash)
    .toContain(`startDate=${bangkokDay(-1)}&endDate=${bangkokDay(-1)}`);
  await page.getByText(h.empty).waitFor();
}
