// Journey of the desk's holds and the second pair of eyes on a large payout (decision 0068), in
// Chromium against the real server: an operator places a payout hold on a member's page; the
// hold refuses the completion; once an admin lifts it, the operator's completion of a payout at or
// above the approval threshold only prepares it; an admin sees it awaiting approval with the
// preparer's name and approves it. The order and the member are made through the API. With
// SHOTS_DIR set, a second test saves the screens in English and Thai at 390 and 1280 px.
import { E } from '@bahtdesk/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import risk from '../apps/admin/src/locales/en/risk.json' with { type: 'json' };
import riskTh from '../apps/admin/src/locales/th/risk.json' with { type: 'json' };
import transactionEn from '../apps/web/src/locales/en/transaction.json' with { type: 'json' };
import transactionTh from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { a11yViolations, baseUrl, DESKTOP, launchChromium, PHONE, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext, testPhoto } from './members.ts';
import { openRoute } from './routes.ts';
import {
  adminCall,
  adminOk,
  consoleContext,
  journeyAdmin,
  newStaff,
  type StaffSession,
  saveSetting,
} from './staff.ts';

const browser = useBrowser({ viewport: DESKTOP });
let operator: StaffSession;
/** A second browser for the other people of a journey (another staff member, the member). */
let other: Browser;

/** A context of the second browser at `viewport`, in `lang` (the member app follows the locale). */
function otherContext(lang: 'en' | 'th' = 'en', viewport = DESKTOP) {
  return other.newContext({
    baseURL: baseUrl(),
    viewport,
    serviceWorkers: 'block',
    locale: lang === 'th' ? 'th-TH' : 'en-US',
  });
}

beforeAll(async () => {
  other = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  // The journey's 5,000 THB order is "large" here.
  await saveSetting('payoutApprovalThb', '1000.00');
});

afterAll(async () => {
  await other?.close();
  await saveSetting('payoutApprovalThb', '500000.00');
});

type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

async function memberPost<T>(member: Member, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; result: { period: T } | null };
  if (envelope.code !== 0 || !envelope.result) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.result.period;
}

/** A verified member with a 5,000 THB buy paid by cash deposit, awaiting staff; its member id and order id. */
async function paidBuy(): Promise<{ member: Member; memberId: number; orderId: string }> {
  const member = await newVerifiedMember();
  const rates = await memberPost<{ buyRate: string }>(member, '/api/external/home/getRate', {});
  const profile = await memberPost<{ usdtAddresses: { id: number }[] }>(
    member,
    '/api/external/user/profile',
    {},
  );
  const order = await memberPost<{ id: string }>(member, '/api/external/transaction/createTransaction', {
    type: 'buy',
    amountThb: '5000.00',
    rate: rates.buyRate,
    usdtAddressId: profile.usdtAddresses[0]?.id,
  });
  await memberPost(member, '/api/external/transaction/confrimTransaction', {
    id: order.id,
    method: 'cash_deposit',
    depositAmount: '5000.00',
    depositAt: new Date().toISOString(),
    slipImage: await testPhoto('#eeeeee', 600, 800),
  });
  const found = await adminOk<{ items: { id: number }[] }>(
    'GET',
    `/api/admin/members?q=${member.username}`,
    journeyAdmin().token,
  );
  const memberId = found.items[0]?.id;
  if (!memberId) throw new Error(`${member.username} not found`);
  return { member, memberId, orderId: order.id };
}

const COMPLETE = { payoutReference: `0x${'7a'.repeat(32)}`, slipNameMatches: true, depositSeen: true };

async function consolePage(context: BrowserContext, token: string, route: string, lang: 'en' | 'th' = 'en') {
  await consoleContext(context, token, lang);
  const page = await context.newPage();
  await page.goto(`/admin/#${route}`);
  return page;
}

test('staff place a payout hold; a large payout waits for approval; another staff member approves it', async () => {
  const { memberId, orderId } = await paidBuy();

  // The operator places the hold on the member's page.
  const staffPage = await consolePage(await browser.context(), operator.token, `/members/${memberId}`);
  const setForm = staffPage.getByRole('form', { name: risk.flags.setForm });
  await setForm.getByLabel(risk.flags.flag).selectOption('payouts_held');
  await setForm.getByLabel(risk.flags.reason).fill('Bank asked us to check the source of funds');
  await setForm.getByRole('button', { name: risk.flags.setButton }).click();
  await staffPage.getByRole('status').filter({ hasText: risk.effect.payouts_held }).waitFor();
  expect(await a11yViolations(staffPage)).toEqual([]);

  // The hold refuses the completion; an admin lifts it.
  const held = await adminCall('POST', `/api/admin/orders/${orderId}/complete`, operator.token, COMPLETE);
  expect(held.code).toBe(E.PAYOUTS_HELD.code);
  await adminOk('POST', `/api/admin/members/${memberId}/flags/lift`, journeyAdmin().token, {
    flag: 'payouts_held',
    reason: 'Source of funds checked',
  });
  // The operator's completion only prepares the payout.
  await adminOk('POST', `/api/admin/orders/${orderId}/complete`, operator.token, COMPLETE);

  // Another staff member (the journeys' admin) sees who prepared it and approves it.
  const adminContext = await otherContext();
  const adminPage = await consolePage(adminContext, journeyAdmin().token, `/orders/${orderId}`);
  await adminPage.getByRole('heading', { name: risk.approval.awaiting }).waitFor();
  await adminPage.getByText(`Prepared by ${operator.username}`).waitFor();
  await adminPage.getByRole('button', { name: risk.approval.approve }).click();
  await adminPage.getByText(risk.approval.approved).waitFor();
  const order = await adminOk<{ order: { status: string } }>(
    'GET',
    `/api/admin/orders/${orderId}`,
    operator.token,
  );
  expect(order.order.status).toBe('success');
  await adminContext.close();
});

/** Screens for a person to look at (SHOTS_DIR): not part of the test run. */
test.runIf(process.env.SHOTS_DIR)(
  'screenshots of the holds and approvals screens',
  async () => {
    const dir = process.env.SHOTS_DIR ?? '';
    const { memberId, orderId } = await paidBuy();
    const admin = journeyAdmin().token;
    for (const flag of ['watch', 'payouts_held']) {
      await adminOk('POST', `/api/admin/members/${memberId}/flags`, operator.token, {
        flag,
        reason:
          flag === 'watch'
            ? 'Several large cash deposits this week'
            : 'Bank asked us to check the source of funds',
      });
    }
    await adminOk('POST', `/api/admin/members/${memberId}/notes`, operator.token, {
      body: 'Called the member: the money comes from selling a car. Asked for the sale contract.',
    });
    await adminOk('POST', `/api/admin/members/${memberId}/flags/lift`, admin, {
      flag: 'payouts_held',
      reason: 'Sale contract received',
    });
    await adminOk('POST', `/api/admin/orders/${orderId}/complete`, operator.token, COMPLETE);
    const blocked = await paidBuy();
    await adminOk('POST', `/api/admin/members/${blocked.memberId}/flags`, operator.token, {
      flag: 'trading_blocked',
      reason: 'Identity document expired',
    });
    const shots: [string, string][] = [
      ['member', `/members/${memberId}`],
      ['order-awaiting', `/orders/${orderId}`],
      ['queue-flag', `/orders?flag=watch`],
    ];
    for (const lang of ['en', 'th'] as const) {
      const t = lang === 'en' ? transactionEn : transactionTh;
      for (const [size, viewport] of [
        ['390', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        const context = await otherContext(lang, viewport);
        const page = await consolePage(context, admin, '/', lang);
        await page.setViewportSize(viewport);
        for (const [name, route] of shots) {
          await page.goto(`/admin/#${route}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          const words = lang === 'en' ? risk : riskTh;
          if (name === 'order-awaiting')
            await page.getByRole('heading', { name: words.approval.awaiting }).waitFor();
          const shown =
            name === 'queue-flag'
              ? page.getByRole('table').getByText(words.flag.watch)
              : page.getByText(words.title);
          await shown.first().waitFor();
          await page.screenshot({ path: `${dir}/${name}-${lang}-${size}.png`, fullPage: true });
        }
        await context.close();
        const memberContext = await otherContext(lang, viewport);
        await signInContext(memberContext, blocked.member.token);
        const member = await memberContext.newPage();
        await openRoute(member, '/transaction?type=buy');
        await member.getByLabel(t.quote.amountThb).fill('1000');
        await member.getByLabel(t.quote.address).selectOption({ index: 1 });
        await member.getByRole('button', { name: t.quote.submit }).click();
        await member
          .getByRole('dialog', { name: t.quote.reviewTitle })
          .getByRole('button', { name: t.quote.place })
          .click();
        await member.getByRole('button', { name: t.blocked.contact }).waitFor();
        await member.screenshot({ path: `${dir}/member-blocked-${lang}-${size}.png`, fullPage: true });
        await memberContext.close();
      }
    }
  },
  300_000,
);
