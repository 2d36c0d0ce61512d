// A member near their daily buying limit, in Chromium against the real server: the quote form
// says what is left today and this month before an amount is typed, and an amount past it is
// refused at the field with the server's message saying what is left; no order is made (decision 0067).
import { expect, test } from 'vitest';
import limitsEn from '../apps/web/src/locales/en/limits.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import { a11yViolations, baseUrl, PHONE, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { currentRoute, openRoute } from './routes.ts';

const browser = useBrowser({ viewport: PHONE });

/** A member's call that must succeed. */
async function memberCall<T>(token: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; result: { period: T } | null };
  if (envelope.code !== 0 || !envelope.result)
    throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.result.period;
}

interface Room {
  leftToday: string;
  leftThisMonth: string;
}

const thb = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2 });

test('a member near the daily limit sees what is left on the quote form and cannot pass it', async () => {
  const member = await newVerifiedMember();
  const limits = await memberCall<{ buy: Room }>(member.token, '/api/external/user/getTradeLimits');
  // One order takes all but 5,000 THB of today's room.
  const first = Number(limits.buy.leftToday) - 5000;
  const rates = await memberCall<{ buyRate: string }>(member.token, '/api/external/home/getRate');
  const profile = await memberCall<{ usdtAddresses: { id: number }[] }>(
    member.token,
    '/api/external/user/profile',
  );
  await memberCall(member.token, '/api/external/transaction/createTransaction', {
    type: 'buy',
    amountThb: first.toFixed(2),
    rate: rates.buyRate,
    usdtAddressId: profile.usdtAddresses[0]?.id,
  });
  const month = Number(limits.buy.leftThisMonth) - first;

  const context = await browser.context();
  await signInContext(context, member.token);
  const page = await context.newPage();
  await openRoute(page, '/transaction?type=buy');
  const note = page.getByTestId('trade-limits');
  const left = limitsEn.room.buy.replace('{{today}}', '5,000.00').replace('{{month}}', thb(month));
  await expect.poll(() => note.textContent()).toBe(left);
  await expect.poll(() => page.getByLabel(transactionEn.quote.amountThb).inputValue()).toBe('');
  expect(await a11yViolations(page)).toEqual([]);

  // Past what is left, the field says so in the server's words before any order is sent.
  const amount = page.getByLabel(transactionEn.quote.amountThb);
  await amount.fill('5000.01');
  const address = page.getByLabel(transactionEn.quote.address);
  await address.selectOption({ index: 1 });
  await page.getByRole('button', { name: transactionEn.quote.submit }).click();
  await page
    .locator('.field__error')
    .getByText(
      `This order would pass your buying limit. You can still buy 5,000.00 THB today and ${thb(month)} THB this month.`,
      { exact: true },
    )
    .waitFor();
  expect(await amount.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('dialog').count()).toBe(0);
  const orders = await memberCall<{ total: number }>(
    member.token,
    '/api/external/transaction/getTransactionList',
    { filter: 'today', page: 1, pageSize: 10 },
  );
  expect(orders.total).toBe(1);
  expect(currentRoute(page)).toBe('/transaction');
});
