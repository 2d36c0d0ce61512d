// The AMLO report queue in Chromium: a member's cash appointment of 2,000,000 THB, placed and
// completed through the API, shows in the console's "to report" queue; an operator marks it filed
// with the filing reference, and the CSV export carries it, with Bangkok times and words.
import { readFileSync } from 'node:fs';
import { AMLO_CASH_THRESHOLD_THB, bangkokDate, isBangkokWeekday } from '@bahtdesk/contract';
import { beforeAll, expect, test } from 'vitest';
import complianceEn from '../apps/admin/src/locales/en/compliance.json' with { type: 'json' };
import { baseUrl, useBrowser } from './browser.ts';
import { newVerifiedMember } from './members.ts';
import { adminOk, consoleContext, journeyAdmin, newStaff, type StaffSession } from './staff.ts';

const browser = useBrowser();
let operator: StaffSession;

beforeAll(async () => {
  operator = await newStaff(journeyAdmin(), 'operator');
});

/** A member's cash appointment at the threshold, completed by staff; answers its order id. */
async function completedCashOrder(): Promise<string> {
  const member = await newVerifiedMember();
  // Level 2 (staff saw proof of income): its day's limit holds an order at the reporting threshold.
  await adminOk('POST', `/api/admin/members/${member.memberId}/level`, journeyAdmin().token, {
    level: 2,
    note: 'Payslips seen at the desk',
  });
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as {
      code: number;
      message: string;
      result: { period: T } | null;
    };
    if (!envelope.result) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
    return envelope.result.period;
  };
  const rates = await post<{ buyRate: string }>('/api/external/home/getRate', {});
  const profile = await post<{ usdtAddresses: { id: number }[] }>('/api/external/user/profile', {});
  const order = await post<{ id: string }>('/api/external/transaction/createTransaction', {
    type: 'buy',
    amountThb: AMLO_CASH_THRESHOLD_THB,
    rate: rates.buyRate,
    usdtAddressId: profile.usdtAddresses[0]?.id,
  });
  const pay = await post<{ locations: { id: string; opens: string }[]; holidays: { date: string }[] }>(
    '/api/external/transaction/getReceivePayment',
    { id: order.id },
  );
  const location = pay.locations[0];
  if (!location) throw new Error('the desk has no cash location');
  const holidays = new Set(pay.holidays.map((h) => h.date));
  let at = new Date(Date.now() + 86_400_000);
  for (;;) {
    const day = bangkokDate(at);
    at = new Date(`${day}T${location.opens}:00+07:00`);
    if (isBangkokWeekday(at) && !holidays.has(day)) break;
    at = new Date(at.getTime() + 86_400_000);
  }
  await post('/api/external/transaction/confrimTransaction', {
    id: order.id,
    method: 'cash_appointment',
    locationId: location.id,
    appointmentAt: at.toISOString(),
  });
  await adminOk('POST', `/api/admin/orders/${order.id}/complete`, operator.token, {
    payoutReference: `0x${'cd'.repeat(32)}`,
    cameEarly: true,
  });
  // At or above the two-person amount the operator only prepares the payout; the admin approves it.
  await adminOk('POST', `/api/admin/orders/${order.id}/approve`, journeyAdmin().token, {});
  return order.id;
}

test('an AMLO entry of a cash order at the threshold is marked filed in the console and exported as CSV', async () => {
  const id = await completedCashOrder();
  const context = await browser.context({ acceptDownloads: true });
  await consoleContext(context, operator.token);
  const page = await browser.page();
  await page.goto('/admin/#/amlo');
  const row = page.getByRole('row').filter({ hasText: id });
  await row.getByRole('button', { name: complianceEn.amlo.file }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel(complianceEn.amlo.reference).fill('AMLO-E2E-0001');
  await dialog.getByRole('button', { name: complianceEn.amlo.file }).click();
  await page.getByText(complianceEn.amlo.marked).waitFor();
  // Filed entries leave the "to report" list; the filed list shows the reference.
  await row.waitFor({ state: 'detached' });
  await page.getByLabel(complianceEn.amlo.state).selectOption('filed');
  await page.getByRole('button', { name: complianceEn.amlo.show }).click();
  await page
    .getByRole('row')
    .filter({ hasText: id })
    .getByText(/AMLO-E2E-0001/)
    .waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: complianceEn.amlo.export }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const line = csv.split('\r\n').find((l) => l.includes(id)) ?? '';
  expect(line).toContain('"AMLO-E2E-0001"');
  expect(line).toContain('"Cash at the desk"');
  expect(line).toMatch(/\+07:00"/);
});
