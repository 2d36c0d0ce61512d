// Two-person changes in Chromium (decision 0091): one admin changes the desk's receiving address
// on the settings screen, members keep being shown the address in force, and only once a second
// admin approves the change on the dashboard does a member's order show the new one. With
// SHOTS_DIR set, a second test saves the screens of changes waiting, and the dashboard of a desk of
// its own with one admin, in English and Thai at 390 and 1280 px.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import proposalsEn from '../apps/admin/src/locales/en/proposals.json' with { type: 'json' };
import settingsEn from '../apps/admin/src/locales/en/settings.json' with { type: 'json' };
import proposalsTh from '../apps/admin/src/locales/th/proposals.json' with { type: 'json' };
import { a11yViolations, DESKTOP, PHONE, useBrowser } from './browser.ts';
import { addBankAccount, newVerifiedMember, placeSellOrder, signInContext } from './members.ts';
import { openRoute } from './routes.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { adminOk, consoleTab, journeyAdmin, journeyApprover, saveSetting, signInStaff } from './staff.ts';

const browser = useBrowser();

/** Two Ethereum addresses of the EIP-55 test vectors: the desk's address moves from one to the other. */
const ADDRESSES = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
];

/** A tab of `context` that opens the console at `route`, signed in with `token`. */
async function consoleAt(context: BrowserContext, token: string, route: string): Promise<Page> {
  const page = await consoleTab(context, token);
  await page.goto(`/admin/#${route}`);
  return page;
}

/**
 * A desk of its own with one admin, the demo admin its first start seeded, signed in: its dashboard
 * says that two-person rules cannot hold yet. Answers its address, the admin's token and how to stop it.
 */
async function oneAdminDesk(): Promise<{ baseUrl: string; token: string; stop: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'bahtdesk-one-admin-'));
  const server = new ServerProcess({
    port: await freePort(),
    dataDir: join(folder, 'data'),
    logFile: join(folder, 'server.log'),
  });
  const stop = async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await server.start();
    const demo = server.demoStaff();
    if (!demo) throw new Error('the one-admin desk printed no demo staff account');
    // signInStaff calls the server through baseUrl(), which reads this while it is set.
    process.env.E2E_BASE_URL = server.baseUrl;
    const { token } = await signInStaff(demo.username, demo.password).finally(() => {
      delete process.env.E2E_BASE_URL;
    });
    return { baseUrl: server.baseUrl, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The desk's receiving address an open order page shows. */
async function shownAddress(page: Page): Promise<string> {
  return ((await page.locator('.receive__address').textContent()) ?? '').trim();
}

test('a receiving address changed by one admin reaches members only once a second admin approves it on the dashboard', async () => {
  const admin = journeyAdmin();
  const approver = journeyApprover();
  const { values } = await adminOk<{ values: { receivingAddresses: Record<string, string> } }>(
    'GET',
    '/api/admin/settings',
    admin.token,
  );
  const inForce = values.receivingAddresses;
  const old = inForce.TETHER ?? ADDRESSES[0];
  const next = ADDRESSES.find((a) => a !== old) ?? '';

  const member = await newVerifiedMember();
  await addBankAccount(member.token, member.password);
  const memberContext = await browser.context();
  await signInContext(memberContext, member.token);
  const memberPage = await memberContext.newPage();
  await openRoute(memberPage, `/transaction?id=${await placeSellOrder(member.token, '100.00')}`);
  await expect.poll(() => shownAddress(memberPage)).toBe(old);

  try {
    // One admin changes the address: it only waits for a second admin.
    const staffContext = await browser.context();
    const proposer = await consoleAt(staffContext, admin.token, '/settings');
    const addresses = proposer.getByRole('form', { name: settingsEn.addresses.title });
    await addresses.getByLabel('Ethereum (ERC-20)').fill(next);
    await addresses.getByRole('button', { name: settingsEn.save }).click();
    await proposer.getByText(proposalsEn.proposed).waitFor();
    await addresses.getByText(proposalsEn.waiting).waitFor();
    await addresses.getByText(next, { exact: false }).first().waitFor();
    await addresses.getByText(proposalsEn.yours).waitFor();
    expect(await addresses.getByRole('button', { name: proposalsEn.approve }).count()).toBe(0);
    expect(await a11yViolations(proposer)).toEqual([]);

    // Members are still shown the address in force, on a new order too.
    await openRoute(memberPage, `/transaction?id=${await placeSellOrder(member.token, '100.00')}`);
    await expect.poll(() => shownAddress(memberPage)).toBe(old);

    // The second admin approves it on the dashboard, after a confirmation.
    const second = await consoleAt(staffContext, approver.token, '/');
    const waiting = second.getByRole('region', { name: proposalsEn.title });
    const change = waiting.getByRole('listitem').filter({ hasText: next });
    await change.getByText(`Proposed by ${admin.username}`, { exact: false }).waitFor();
    expect(await a11yViolations(second)).toEqual([]);
    await change.getByRole('button', { name: proposalsEn.approve }).click();
    await second
      .getByRole('alertdialog', { name: proposalsEn.approveTitle })
      .getByRole('button', { name: proposalsEn.approve })
      .click();
    await second.getByText(proposalsEn.approved).waitFor();

    // Members are shown the new address from now on; the proposer's screen hears it.
    await openRoute(memberPage, `/transaction?id=${await placeSellOrder(member.token, '100.00')}`);
    await expect.poll(() => shownAddress(memberPage)).toBe(next);
    await addresses.getByText(proposalsEn.waiting).waitFor({ state: 'detached' });
    expect(await addresses.getByLabel('Ethereum (ERC-20)').inputValue()).toBe(next);
  } finally {
    // The other journeys of this server expect the address they had.
    await saveSetting('receivingAddresses', inForce);
  }
});

/** Screens for a person to look at (SHOTS_DIR): not part of the test run. */
test.runIf(process.env.SHOTS_DIR)(
  'screenshots of changes waiting for a second admin, and of a desk with one admin',
  async () => {
    const dir = process.env.SHOTS_DIR ?? '';
    const admin = journeyAdmin();
    const approver = journeyApprover();
    const { values } = await adminOk<{ values: { receivingAddresses: Record<string, string> } }>(
      'GET',
      '/api/admin/settings',
      admin.token,
    );
    const old = values.receivingAddresses.TETHER ?? ADDRESSES[0];
    const proposed = [
      {
        key: 'receivingAddresses',
        value: { ...values.receivingAddresses, TETHER: ADDRESSES.find((a) => a !== old) },
      },
      { key: 'payoutApprovalThb', value: '1000000.00' },
    ];
    const ids: number[] = [];
    for (const body of proposed) {
      ids.push(
        (await adminOk<{ proposal: { id: number } }>('POST', '/api/admin/settings', admin.token, body))
          .proposal.id,
      );
    }
    const staff = { username: `e2eboss${Date.now() % 1_000_000}`, role: 'admin' };
    ids.push(
      (await adminOk<{ proposal: { id: number } }>('POST', '/api/admin/staff', admin.token, staff)).proposal
        .id,
    );
    const alone = await oneAdminDesk();
    try {
      const context = await browser.context();
      for (const lang of ['en', 'th'] as const) {
        for (const [size, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          const words = lang === 'en' ? proposalsEn : proposalsTh;
          const page = await consoleTab(context, approver.token, lang);
          await page.setViewportSize(viewport);
          for (const [route, name] of [
            ['/', 'dashboard'],
            ['/settings', 'settings'],
            ['/staff', 'staff'],
          ]) {
            await page.goto(`/admin/#${route}`);
            await page.getByRole('button', { name: words.approve }).first().waitFor();
            const file = `${dir}/proposals-${name}-${lang}-${size}.png`;
            if (name === 'settings') {
              // The first section with a change waiting: the receiving addresses.
              await page
                .locator('form')
                .filter({ has: page.getByText(words.waiting, { exact: true }) })
                .first()
                .screenshot({ path: file });
            } else {
              await page.screenshot({ path: file, fullPage: true });
            }
          }
          await page.close();

          // The desk with one admin: on a desktop the screen as it first shows (the staff guide's
          // image), on a phone the whole page.
          const single = await consoleTab(context, alone.token, lang);
          await single.setViewportSize(viewport);
          await single.goto(`${alone.baseUrl}/admin/#/`);
          await single.getByRole('heading', { name: words.alone.title }).waitFor();
          await single.screenshot({
            path: `${dir}/one-admin-dashboard-${lang}-${size}.png`,
            fullPage: size === 'phone',
          });
          await single.close();
        }
      }
    } finally {
      await alone.stop();
      for (const id of ids) await adminOk('POST', `/api/admin/proposals/${id}/discard`, approver.token, {});
    }
  },
  300_000,
);
