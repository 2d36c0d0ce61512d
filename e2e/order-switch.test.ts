// A staff member's decision form never carries over from one order to the next, in Chromium
// against the real server: an operator opens order A, types a payout reference and ticks "the name
// on the slip matches", then opens order B from A's "other orders". B's form is empty and
// unticked, and A's figures never show under B's heading, not even while B loads.
import { expect, test } from 'vitest';
import ordersEn from '../apps/admin/src/locales/en/orders.json' with { type: 'json' };
import { baseUrl, DESKTOP, useBrowser } from './browser.ts';
import { newVerifiedMember, testPhoto } from './members.ts';
import { consoleContext, journeyAdmin, newStaff } from './staff.ts';

const browser = useBrowser({ viewport: DESKTOP });
const TX_HASH = `0x${'a7'.repeat(32)}`;

/** A member's call that must succeed. */
async function memberCall<T>(token: string, path: string, body: unknown): Promise<T> {
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

/** A buy of `amountThb` paid by cash deposit, with its slip, awaiting staff ('request'). */
async function cashDepositOrder(token: string, amountThb: string, slipColour: string): Promise<string> {
  const rates = await memberCall<{ buyRate: string }>(token, '/api/external/home/getRate', {});
  const profile = await memberCall<{ usdtAddresses: { id: number }[] }>(
    token,
    '/api/external/user/profile',
    {},
  );
  const order = await memberCall<{ id: string; total: string }>(
    token,
    '/api/external/transaction/createTransaction',
    {
      type: 'buy',
      amountThb,
      rate: rates.buyRate,
      usdtAddressId: profile.usdtAddresses[0]?.id,
    },
  );
  await memberCall(token, '/api/external/transaction/confrimTransaction', {
    id: order.id,
    method: 'cash_deposit',
    depositAmount: order.total,
    depositAt: new Date().toISOString(),
    slipImage: await testPhoto(slipColour, 600, 800),
  });
  return order.id;
}

test("the console's complete form starts empty for order B opened from order A, and A's figures never show under B's heading", async () => {
  const member = await newVerifiedMember();
  const a = await cashDepositOrder(member.token, '5432.00', '#eeeeee');
  const b = await cashDepositOrder(member.token, '7654.00', '#dddddd');
  const operator = await newStaff(journeyAdmin(), 'operator');
  const context = await browser.context();
  await consoleContext(context, operator.token);
  const page = await context.newPage();

  await page.goto(`/admin/#/orders/${a}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(a) }).waitFor();
  await page.getByText('5,432.00').first().waitFor();
  const reference = page.getByLabel(ordersEn.complete.txHash);
  await reference.fill(TX_HASH);
  const nameMatches = page.getByLabel(ordersEn.complete.nameMatches.replace('{{name}}', 'Somsak Rakdee'));
  await nameMatches.check();

  // From here on, every change of the page is checked: under B's heading, nothing outside the
  // member's other orders (which list A) may show A's amount or id, and no field may hold A's reference.
  await page.evaluate(
    ({ orderA, orderB, amountA, typed }) => {
      const w = window as unknown as { staleSeen: string[] };
      w.staleSeen = [];
      const check = () => {
        const main = document.querySelector('main');
        if (!main?.querySelector('h1')?.textContent?.includes(orderB)) return;
        const copy = main.cloneNode(true) as HTMLElement;
        copy.querySelector('section[aria-labelledby="member-orders"]')?.remove();
        copy.querySelector('h1')?.remove();
        const text = copy.textContent ?? '';
        if (text.includes(amountA) || text.includes(orderA)) w.staleSeen.push(text.slice(0, 300));
        for (const input of main.querySelectorAll('input')) {
          if (input.value === typed || (input.type === 'checkbox' && input.checked))
            w.staleSeen.push(`field ${input.name}`);
        }
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { orderA: a, orderB: b, amountA: '5,432.00', typed: TX_HASH },
  );

  await page
    .getByRole('region', { name: ordersEn.detail.otherOrders })
    .getByRole('link', { name: b })
    .click();
  await page.getByRole('heading', { level: 1, name: new RegExp(b) }).waitFor();
  await page.getByText('7,654.00').first().waitFor();
  expect(await reference.inputValue()).toBe('');
  expect(await nameMatches.isChecked()).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { staleSeen: string[] }).staleSeen)).toEqual([]);
});
