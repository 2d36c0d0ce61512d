// LINE as a channel for members' messages (decisions 0078, 0079), in Chromium against a server of
// its own configured with LINE (e2e/line-server.ts) and the fake LINE platform: a Thai member on a
// phone opens the Messages card (no LINE yet), gets a one-time link code on the account page and
// sends it to the desk's LINE account (the fake plays LINE calling the webhook, signed); the card
// turns linked and the Messages card offers LINE; the member takes "order complete" by LINE only.
// A sell placed through the API and paid out by staff through the API then reaches LINE in Thai
// with the payout reference and no account number, and by no email. Waits are on state: the
// page's text, the fake's pushes and the outbox's rows, never a fixed delay.
import { randomBytes } from 'node:crypto';
import { formatMoney, LINE_LINKED_TEXT, renderNotice } from '@bahtdesk/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lineUserId, textEvent } from '../apps/api/test/fake-line.ts';
import accountTh from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import { a11yViolations, baseUrl, PHONE, useBrowser } from './browser.ts';
import { type LineServer, startLineServer } from './line-server.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { openRoute } from './routes.ts';
import { adminOk } from './staff.ts';

const browser = useBrowser({ viewport: PHONE, locale: 'th-TH' });
let line: LineServer;

beforeAll(async () => {
  line = await startLineServer();
});

afterAll(async () => {
  await line?.stop();
});

/**
 * One call of the member's Thai app that must succeed. It names its language as the app does:
 * Node's fetch would otherwise send `Accept-Language: *`, which the server takes for English, and
 * the member's messages follow the language of their last calls (decision 0078).
 */
async function memberOk<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'th',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; result: { period: T } | null };
  if (envelope.code !== 0 || !envelope.result)
    throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.result.period;
}

interface OutboxRow {
  channel: string;
  kind: string;
  state: string;
  lang: string;
}

const ACCOUNT_NUMBER = '9876543210';

test('a Thai member links LINE with the one-time code, takes completed orders by LINE only, and LINE gets the payout in Thai without the account number', async () => {
  const t = accountTh;
  const member = await newVerifiedMember(line.admin);
  await memberOk(member.token, '/api/external/user/addPayment', {
    type: 'bank',
    bankCode: 'KBANK',
    accountNumber: ACCOUNT_NUMBER,
    accountName: 'Somsak Rakdee',
    currentPassword: member.password,
  });

  const context = await browser.context();
  await signInContext(context, member.token);
  const page = await context.newPage();
  await openRoute(page, '/account');

  // The Messages card, opened before LINE is linked, offers email and SMS only.
  await page.locator('summary', { hasText: t.notices.title }).click();
  const messages = page.getByRole('table', { name: t.notices.title });
  await messages.getByRole('columnheader', { name: t.notices.channel.email }).waitFor();
  expect(await messages.getByRole('columnheader', { name: t.notices.channel.line }).count()).toBe(0);

  // The LINE card: a one-time code, sent to the desk's account in the LINE chat.
  const card = page.getByRole('region', { name: new RegExp(`^${t.line.title}`) });
  await card.getByText(t.line.notLinked, { exact: true }).waitFor();
  await card.getByRole('button', { name: t.line.getCode }).click();
  const code = (await card.getByTestId('line-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const userId = lineUserId();
  expect(await line.fake.sendWebhook(line.webhookUrl, [textEvent(userId, code)])).toBe(200);

  // The open page learns of the link by itself; LINE gets the confirmation in Thai.
  await card.getByText(t.line.linked, { exact: true }).waitFor();
  await expect.poll(() => line.fake.pushes.length, { timeout: 30_000 }).toBe(1);
  expect(line.fake.pushes[0]).toMatchObject({ to: userId, text: LINE_LINKED_TEXT.th });

  // The open Messages card now offers LINE: order complete by LINE, not by email.
  await messages.getByRole('columnheader', { name: t.notices.channel.line }).waitFor();
  const box = (channel: 'email' | 'line') =>
    messages.getByRole('checkbox', {
      name: `${t.notices.kinds.orderCompleted}: ${t.notices.channel[channel]}`,
      exact: true,
    });
  // Each box shows what the server saved: it changes once the choice is stored.
  await box('line').click();
  await expect
    .poll(async () => (await box('line').isChecked()) && (await box('line').isEnabled()))
    .toBe(true);
  await box('email').click();
  await expect
    .poll(async () => !(await box('email').isChecked()) && (await box('email').isEnabled()))
    .toBe(true);
  expect(await a11yViolations(page)).toEqual([]);

  // A sell, placed and sent through the API, paid out by staff.
  const rates = await memberOk<{ sellRate: string; sellFeePercent: string }>(
    member.token,
    '/api/external/home/getRate',
    {},
  );
  const profile = await memberOk<{ bankAccounts: { id: number }[] }>(
    member.token,
    '/api/external/user/profile',
    {},
  );
  const order = await memberOk<{ id: string; total: string }>(
    member.token,
    '/api/external/transaction/createTransaction',
    {
      type: 'sell',
      amountUsdt: '100',
      rate: rates.sellRate,
      feePercent: rates.sellFeePercent,
      network: 'TRON',
      bankAccountId: profile.bankAccounts[0]?.id,
    },
  );
  await memberOk(member.token, '/api/external/transaction/confrimTransaction', {
    id: order.id,
    method: 'usdt_transfer',
    txHash: randomBytes(32).toString('hex'),
  });
  const reference = 'KB-E2E-LINE-0001';
  await adminOk('POST', `/api/admin/orders/${order.id}/complete`, line.admin.token, {
    payoutReference: reference,
  });

  // LINE receives the completion in Thai with the payout reference, and nothing else after the link.
  await expect.poll(() => line.fake.pushes.length, { timeout: 30_000 }).toBe(2);
  const completed = line.fake.pushes[1];
  expect(completed?.to).toBe(userId);
  expect(completed?.text).toBe(
    renderNotice('orderCompletedSell', 'th', { id: order.id, thb: formatMoney(order.total), reference }).text,
  );
  expect(completed?.text).not.toContain(ACCOUNT_NUMBER);
  expect(completed?.text).not.toContain(member.password);
  expect(line.fake.refused).toEqual([]);

  // The outbox: the completion went by LINE only (email switched off), and is marked sent.
  const completions = async () => {
    const outbox = await adminOk<{ items: OutboxRow[] }>(
      'GET',
      '/api/admin/outbox?pageSize=100',
      line.admin.token,
    );
    return outbox.items
      .filter((row) => row.kind === 'orderCompleted')
      .map(({ channel, state, lang }) => ({ channel, state, lang }));
  };
  await expect
    .poll(completions, { timeout: 30_000 })
    .toEqual([{ channel: 'line', state: 'sent', lang: 'th' }]);
});
