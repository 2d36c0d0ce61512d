// Journeys of the back office, in Chromium, in English and Thai: the first sign-in
// enrols TOTP (codes computed with the server's library) and later sign-ins take a code or a
// recovery code; rates changed in the console reach a member's open home page without a reload,
// and a mistyped one is asked about again and waits for a second admin's approval;
// maintenance switched in the console sends a member's open page to /maintenance on its next
// call; published news shows on the member home; a viewer sees no save button and the API refuses
// a viewer's save. One server and one signed-in admin for the whole file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import auditEn from '../apps/admin/src/locales/en/audit.json' with { type: 'json' };
import commonEn from '../apps/admin/src/locales/en/common.json' with { type: 'json' };
import contentEn from '../apps/admin/src/locales/en/content.json' with { type: 'json' };
import ratesEn from '../apps/admin/src/locales/en/rates.json' with { type: 'json' };
import settingsEn from '../apps/admin/src/locales/en/settings.json' with { type: 'json' };
import signInEn from '../apps/admin/src/locales/en/signIn.json' with { type: 'json' };
import commonTh from '../apps/admin/src/locales/th/common.json' with { type: 'json' };
import ratesTh from '../apps/admin/src/locales/th/rates.json' with { type: 'json' };
import signInTh from '../apps/admin/src/locales/th/signIn.json' with { type: 'json' };
import webCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { a11yViolations, baseUrl, DESKTOP, PHONE, useBrowser } from './browser.ts';
import { newSignedInMember, newVerifiedMember, signInContext } from './members.ts';
import { expectRoute, openRoute } from './routes.ts';
import { repoRoot } from './server-process.ts';
import {
  Authenticator,
  adminCall,
  adminOk,
  consoleContext,
  consoleTab,
  demoStaff,
  journeyAdmin,
  journeyApprover,
  newStaff,
  type StaffSession,
  signInStaff,
} from './staff.ts';

const browser = useBrowser();

/**
 * The demo admin, signed in once for the file: by the enrolment journey when it runs, else through
 * the API. What the journey learns (the authenticator's secret, a new password) is kept as it
 * goes, so a journey that fails halfway does not lock the other tests out.
 */
const demoAdmin: { password?: string; authenticator?: Authenticator } = {};
let admin: Promise<StaffSession> | undefined;
function adminSession(): Promise<StaffSession> {
  admin ??= signInStaff(
    demoStaff().username,
    demoAdmin.password ?? demoStaff().password,
    demoAdmin.authenticator,
  );
  return admin;
}

async function openConsole(page: Page, route: string): Promise<void> {
  await page.goto(`/admin/#${route}`);
}

/**
 * Waits until the screen shows its data: its heading is there and nothing says "Loading" any
 * more. (Not 'networkidle': a console screen keeps its live event stream open.)
 */
async function screenLoaded(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .state[role="status"]'));
}

interface MemberRates {
  buyRate: string;
  sellRate: string;
  sellFeePercent: string;
}

/** How far the page reaches past the window's width (0 or less: no sideways scrolling). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The captions of the tables in `frame` wider than the box they are in (a column cut off). */
function tablesPastTheirBox(frame: Locator): Promise<string[]> {
  return frame.evaluate((element) =>
    [...element.querySelectorAll('table')]
      .filter((t) => t.getBoundingClientRect().width > (t.parentElement?.clientWidth ?? 0) + 0.5)
      .map((t) => t.caption?.textContent ?? ''),
  );
}

/** The words and numbers of the first column of `table` (the history's dates) that a line break splits ("09:5" then "2"). */
function splitDates(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const split: string[] = [];
    for (const cell of element.querySelectorAll('tbody tr > :first-child')) {
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index ?? 0);
          range.setEnd(node, (word.index ?? 0) + word[0].length);
          if (range.getClientRects().length > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });
}

/** The rates members are served now. */
async function memberRates(): Promise<MemberRates> {
  const response = await fetch(`${baseUrl()}/api/external/home/getRate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { buyRate, sellRate, sellFeePercent } = (
    (await response.json()) as { result: { period: MemberRates } }
  ).result.period;
  return { buyRate, sellRate, sellFeePercent };
}

afterAll(async () => {
  if (!admin) return;
  const { token } = await admin;
  await adminCall('POST', '/api/admin/settings', token, { key: 'maintenance', value: 'on' });
});

describe('staff sign-in', () => {
  test('first sign-in enrols TOTP (QR code, secret, ten recovery codes once), then a code or a recovery code signs in', async () => {
    const demo = demoStaff();
    const page = await browser.page();
    await openConsole(page, '/');
    await page.getByRole('heading', { level: 1, name: signInEn.password.title }).waitFor();
    await page.getByLabel(signInEn.password.username).fill(demo.username);
    await page.getByLabel(signInEn.password.password, { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: signInEn.password.submit }).click();

    await page.getByRole('heading', { level: 1, name: signInEn.enrol.title }).waitFor();
    await page.getByRole('img', { name: signInEn.enrol.qrLabel }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    const authenticator = new Authenticator(secret);
    demoAdmin.authenticator = authenticator;
    await page.getByLabel(signInEn.enrol.code, { exact: true }).fill(authenticator.code());
    await page.getByRole('button', { name: signInEn.enrol.submit }).click();

    await page.getByRole('heading', { level: 1, name: signInEn.recovery.title }).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await page.getByLabel(signInEn.recovery.saved).check();
    await page.getByRole('button', { name: signInEn.recovery.continue }).click();

    let password = demo.password;
    const changePassword = page.getByRole('heading', { level: 1, name: signInEn.changePassword.title });
    const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await changePassword.or(dashboard).waitFor();
    if (await changePassword.isVisible()) {
      password = `demo-admin-own-${Date.now()}`;
      await page.getByLabel(signInEn.changePassword.current).fill(demo.password);
      await page.getByLabel(signInEn.changePassword.new, { exact: true }).fill(password);
      await page.getByLabel(signInEn.changePassword.confirm).fill(password);
      await page.getByRole('button', { name: signInEn.changePassword.submit }).click();
      demoAdmin.password = password;
    }
    await dashboard.waitFor();
    await page.getByRole('button', { name: commonEn.topbar.signOut }).click();

    // In Thai, with one of the recovery codes.
    await page.getByRole('button', { name: 'ไทย' }).click();
    await page.getByRole('heading', { level: 1, name: signInTh.password.title }).waitFor();
    await page.getByLabel(signInTh.password.username).fill(demo.username);
    await page.getByLabel(signInTh.password.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: signInTh.password.submit }).click();
    await page.getByRole('button', { name: signInTh.verify.useRecovery }).click();
    await page.getByLabel(signInTh.verify.recoveryCode, { exact: true }).fill(codes[0] ?? '');
    await page.getByRole('button', { name: signInTh.verify.submit }).click();
    await page.getByRole('heading', { level: 1, name: 'แดชบอร์ด' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();

    // In English again, with the next code from the authenticator; this session serves the file.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByLabel(signInEn.password.username).fill(demo.username);
    await page.getByLabel(signInEn.password.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: signInEn.password.submit }).click();
    await page.getByLabel(signInEn.verify.code, { exact: true }).fill(authenticator.code());
    await page.getByRole('button', { name: signInEn.verify.submit }).click();
    await dashboard.waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('adminToken'));
    expect(token).toBeTruthy();
    admin = Promise.resolve({ username: demo.username, password, token: token ?? '', authenticator });
  });
});

describe('the desk changes what members see', () => {
  test('new rates set in the console (in Thai) reach an open member home page without a reload', async () => {
    const { token } = await adminSession();
    const context = await browser.context();
    await consoleContext(context, token, 'th');
    const member = await context.newPage();
    await openRoute(member, '/');
    const marker = await member.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
      return true;
    });
    expect(marker).toBe(true);

    // A small step from the rates in force, so it needs no confirmation.
    const inForce = await memberRates();
    const buy = (Number(inForce.buyRate) + 0.25).toFixed(2);
    const staff = await context.newPage();
    await openConsole(staff, '/rates');
    await staff.getByLabel(ratesTh.form.buyRate).fill(buy);
    await staff.getByLabel(ratesTh.form.sellRate).fill(inForce.sellRate);
    await staff.getByLabel(ratesTh.form.fee).fill('1.50');
    await staff.getByRole('button', { name: ratesTh.form.submit }).click();
    await staff.getByText(ratesTh.form.saved).waitFor();
    await staff.getByRole('cell', { name: buy, exact: true }).first().waitFor();

    await member.getByText(buy, { exact: true }).waitFor({ timeout: 5_000 });
    expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test("maintenance switched on in the console sends a member's open page to /maintenance on its next call", async () => {
    const { token } = await adminSession();
    // The member app's calls refused during maintenance answer HTTP 503 (body code 997).
    browser.allowConsoleError(/status of 503/);
    const { token: memberToken } = await newSignedInMember();
    const context = await browser.context();
    await consoleContext(context, token);
    await signInContext(context, memberToken);
    const member = await context.newPage();
    await openRoute(member, '/account');
    await member.locator('h1').first().waitFor();

    const staff = await context.newPage();
    await openConsole(staff, '/settings');
    await staff.getByText(settingsEn.maintenance.open).waitFor();
    await staff.getByRole('button', { name: settingsEn.maintenance.close }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: settingsEn.maintenance.close }).click();
    await staff.getByTestId('site-status').getByText(settingsEn.maintenance.closed).waitFor();

    await member.getByRole('link', { name: webCommon.nav.home }).first().click();
    await expectRoute(member, '/maintenance');
    await member.getByRole('heading', { level: 1, name: webCommon.maintenance.title }).waitFor();

    // Staff calls keep working during maintenance: the console opens the site again.
    await staff.getByRole('button', { name: settingsEn.maintenance.reopen }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: settingsEn.maintenance.reopen }).click();
    await staff.getByTestId('site-status').getByText(settingsEn.maintenance.open).waitFor();
  });

  test('news published in the console shows on the member home', async () => {
    const { token } = await adminSession();
    const context = await browser.context();
    await consoleContext(context, token);
    const staff = await context.newPage();
    await openConsole(staff, '/news');
    const title = `Desk notice ${Date.now()}`;
    await staff.getByRole('button', { name: contentEn.news.new }).click();
    await staff.getByLabel(contentEn.editor.titleEn).fill(title);
    await staff.getByLabel(contentEn.editor.titleTh).fill(`ประกาศ ${title}`);
    await staff
      .getByLabel(contentEn.editor.bodyEn)
      .fill('<p>Open <b>late</b> today.<script>alert(1)</script></p>');
    await staff.getByLabel(contentEn.editor.bodyTh).fill('<p>เปิดดึกวันนี้</p>');
    await staff.getByRole('button', { name: contentEn.editor.preview }).click();
    const preview = staff.getByRole('region', { name: contentEn.editor.previewEn });
    await preview.getByText('late').waitFor();
    expect(await preview.innerHTML()).not.toContain('<script');
    await staff.getByLabel(contentEn.news.publishNow).check();
    await staff.getByRole('button', { name: contentEn.news.save }).click();
    await staff.getByRole('cell', { name: title, exact: true }).waitFor();

    const member = await context.newPage();
    await openRoute(member, '/');
    await member.getByText(title).first().waitFor();
  });
});

describe('a mistyped rate does not go live at once', () => {
  test('the console asks again for a far-off change, and one past the max bound waits for a second admin who approves it', async () => {
    // The first answer to a far-off change is HTTP 409 (code 40011), which the browser logs.
    browser.allowConsoleError(/status of 409/);
    const first = await adminSession();
    const second = await newStaff(first, 'admin');
    const inForce = await memberRates();
    const slipped = {
      buyRate: (Number(inForce.buyRate) / 10).toFixed(2),
      sellRate: (Number(inForce.sellRate) / 10).toFixed(2),
    };
    // One browser context, a tab per admin: each tab keeps its own session (session storage).
    const context = await browser.context();
    const proposer = await consoleTab(context, first.token);
    await openConsole(proposer, '/rates');
    await proposer.getByLabel(ratesEn.form.buyRate).fill(slipped.buyRate);
    await proposer.getByLabel(ratesEn.form.sellRate).fill(slipped.sellRate);
    await proposer.getByRole('button', { name: ratesEn.form.submit }).click();

    // The first answer is a question: both rates and the change in per cent from the rates in
    // force (a second table shows the reference when it is other rates).
    const dialog = proposer.getByRole('alertdialog', { name: ratesEn.change.proposeTitle });
    const buyRow = dialog
      .getByRole('table', { name: ratesEn.change.caption })
      .getByRole('row', { name: new RegExp(`^${ratesEn.history.buy}`) });
    await buyRow.getByText(inForce.buyRate, { exact: true }).waitFor();
    await buyRow.getByText(slipped.buyRate, { exact: true }).waitFor();
    await buyRow.getByText(/^−(89|90)\.\d\d %$/).waitFor();
    await dialog.getByRole('button', { name: ratesEn.change.propose }).click();
    await proposer.getByText(ratesEn.form.proposed).waitFor();
    const panel = proposer.getByRole('region', { name: ratesEn.proposal.title });
    await panel.getByText(ratesEn.proposal.yours).waitFor();
    expect(await panel.getByRole('button', { name: ratesEn.proposal.approve }).count()).toBe(0);
    expect(await memberRates()).toEqual(inForce);

    // Another admin approves it in their console; members get it then.
    const approver = await consoleTab(context, second.token);
    await openConsole(approver, '/rates');
    const pending = approver.getByRole('region', { name: ratesEn.proposal.title });
    const proposedBy = ratesEn.proposal.by.replace('{{who}}', first.username).split('{{when}}')[0] ?? '';
    await pending.getByText(proposedBy, { exact: false }).waitFor();
    await pending.getByRole('button', { name: ratesEn.proposal.approve }).click();
    await approver.getByText(ratesEn.proposal.approved).waitFor();
    expect(await memberRates()).toMatchObject(slipped);
    // The proposer's screen hears the change and drops the proposal.
    await panel.waitFor({ state: 'detached' });

    // Back to the rates the other journeys expect, the same way (through the API).
    const back = await adminOk<{ proposal: { id: number } }>('POST', '/api/admin/rates', second.token, {
      ...inForce,
      confirmed: true,
    });
    await adminOk('POST', `/api/admin/rates/proposals/${back.proposal.id}/approve`, first.token, {});
    expect(await memberRates()).toMatchObject(inForce);
  });

  test('on a phone, in Thai, the question and the proposal show every column of their tables, and the history keeps each date and time whole', async () => {
    browser.allowConsoleError(/status of 409/);
    const admin = journeyAdmin();
    const inForce = await memberRates();
    // A small step first: the rates in force are then not the reference, so both tables show.
    await adminOk('POST', '/api/admin/rates', admin.token, {
      ...inForce,
      buyRate: (Number(inForce.buyRate) + 0.1).toFixed(2),
    });
    try {
      const page = await consoleTab(await browser.context({ viewport: PHONE }), admin.token, 'th');
      await openConsole(page, '/rates');
      await screenLoaded(page);
      expect(await splitDates(page.getByRole('table', { name: ratesTh.history.title }))).toEqual([]);

      await page.getByLabel(ratesTh.form.buyRate).fill((Number(inForce.buyRate) / 10).toFixed(2));
      await page.getByLabel(ratesTh.form.sellRate).fill((Number(inForce.sellRate) / 10).toFixed(2));
      await page.getByRole('button', { name: ratesTh.form.submit }).click();
      const dialog = page.getByRole('alertdialog', { name: ratesTh.change.proposeTitle });
      await dialog.getByRole('table', { name: ratesTh.change.referenceCaption }).waitFor();
      expect(await tablesPastTheirBox(dialog)).toEqual([]);
      await dialog.getByRole('button', { name: ratesTh.change.propose }).click();
      const card = page.getByRole('region', { name: ratesTh.proposal.title });
      await card.getByRole('table', { name: ratesTh.change.referenceCaption }).waitFor();
      expect(await tablesPastTheirBox(card)).toEqual([]);
    } finally {
      // Back to the rates the other journeys expect: a small step, which replaces the proposal.
      await adminOk('POST', '/api/admin/rates', admin.token, inForce);
    }
  });
});

/** Screens for a person to look at (SHOTS_DIR): not part of the test run. */
test.runIf(process.env.SHOTS_DIR)(
  'screenshots of the rates form, its two questions and a proposal, in English and Thai at 390 and 1280 px',
  async () => {
    // A far-off change's first answer is HTTP 409 (code 40011), which the browser logs.
    browser.allowConsoleError(/status of 409/);
    const dir = process.env.SHOTS_DIR ?? '';
    const proposer = journeyAdmin();
    const approver = journeyApprover();
    const inForce = await memberRates();
    // A small step first, so that the rates in force are not the reference and the questions and
    // the proposal show its table too (decision 0090).
    const stepped = { ...inForce, buyRate: (Number(inForce.buyRate) + 0.1).toFixed(2) };
    await adminOk('POST', '/api/admin/rates', proposer.token, stepped);
    const asked = { buyRate: (Number(stepped.buyRate) * 1.05).toFixed(2), sellRate: stepped.sellRate };
    const proposed = {
      buyRate: (Number(stepped.buyRate) / 10).toFixed(2),
      sellRate: (Number(stepped.sellRate) / 10).toFixed(2),
    };
    const context = await browser.context();
    /** A tab signed in as `token`, in `lang`, at `viewport`, on the rates screen. */
    const ratesTab = async (token: string, lang: 'en' | 'th', viewport: typeof DESKTOP) => {
      const page = await consoleTab(context, token, lang);
      await page.setViewportSize(viewport);
      await openConsole(page, '/rates');
      await screenLoaded(page);
      return page;
    };
    try {
      for (const lang of ['en', 'th'] as const) {
        const words = lang === 'en' ? ratesEn : ratesTh;
        const common = lang === 'en' ? commonEn : commonTh;
        for (const [size, viewport] of [
          ['390', PHONE],
          ['1280', DESKTOP],
        ] as const) {
          // At 1280 px the screen as it first shows (the size of the staff guide's images), at 390
          // px the whole page.
          const shot = (page: Page, name: string) =>
            page.screenshot({ path: `${dir}/${name}-${lang}-${size}.png`, fullPage: size === '390' });
          const page = await ratesTab(proposer.token, lang, viewport);
          await shot(page, 'rates');
          const ask = async (rates: { buyRate: string; sellRate: string }, title: string) => {
            await page.getByLabel(words.form.buyRate).fill(rates.buyRate);
            await page.getByLabel(words.form.sellRate).fill(rates.sellRate);
            await page.getByRole('button', { name: words.form.submit }).click();
            const dialog = page.getByRole('alertdialog', { name: title });
            await dialog.getByRole('table', { name: words.change.referenceCaption }).waitFor();
            return dialog;
          };
          const confirm = await ask(asked, words.change.confirmTitle);
          await shot(page, 'rates-confirm');
          await confirm.getByRole('button', { name: common.action.cancel }).click();
          await confirm.waitFor({ state: 'detached' });
          const propose = await ask(proposed, words.change.proposeTitle);
          await shot(page, 'rates-propose');
          await propose.getByRole('button', { name: words.change.propose }).click();
          await page
            .getByRole('region', { name: words.proposal.title })
            .getByText(words.proposal.yours)
            .waitFor();
          await shot(page, 'rates-proposed');
          await page.close();

          const deciding = await ratesTab(approver.token, lang, viewport);
          const card = deciding.getByRole('region', { name: words.proposal.title });
          await card.getByRole('button', { name: words.proposal.approve }).waitFor();
          await shot(deciding, 'rates-proposal');
          await card.getByRole('button', { name: words.proposal.discard }).click();
          await card.waitFor({ state: 'detached' });
          await deciding.close();
        }
      }
    } finally {
      // Back to the rates the other journeys expect: a small step from those in force.
      await adminOk('POST', '/api/admin/rates', proposer.token, inForce);
    }
  },
  300_000,
);

describe('roles', () => {
  test('a viewer sees no save button in settings, and the API refuses a save by a viewer', async () => {
    const viewer = await newStaff(await adminSession(), 'viewer');
    const context = await browser.context();
    await consoleContext(context, viewer.token);
    const page = await context.newPage();
    await openConsole(page, '/settings');
    await page.getByRole('heading', { level: 1, name: settingsEn.title }).waitFor();
    await page.getByText(settingsEn.maintenance.open).waitFor();
    expect(await page.getByRole('button', { name: settingsEn.save }).count()).toBe(0);
    expect(await page.getByRole('button', { name: settingsEn.maintenance.close }).count()).toBe(0);
    expect(await page.getByRole('link', { name: commonEn.nav.staff }).count()).toBe(0);

    const before = await adminOk<{ values: { openOrderCap: number } }>(
      'GET',
      '/api/admin/settings',
      viewer.token,
    );
    const refused = await adminCall('POST', '/api/admin/settings', viewer.token, {
      key: 'openOrderCap',
      value: before.values.openOrderCap + 1,
    });
    expect(refused.code).toBe(403);
    const after = await adminOk<{ values: { openOrderCap: number } }>(
      'GET',
      '/api/admin/settings',
      viewer.token,
    );
    expect(after.values.openOrderCap).toBe(before.values.openOrderCap);
  });
});

describe('audit log', () => {
  test('exports the filtered log as a CSV file', async () => {
    const { token } = await adminSession();
    const context = await browser.context({ acceptDownloads: true });
    await consoleContext(context, token);
    const page = await context.newPage();
    await openConsole(page, '/audit');
    await screenLoaded(page);
    await page.getByLabel(auditEn.filter.action).fill('staff.');
    await page.getByRole('button', { name: auditEn.apply }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: auditEn.export }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bahtdesk-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.includes('staff.'))).toBe(true);
  });
});

describe('the console is its own bundle under /admin/', () => {
  test('/admin/ serves the console, and none of its code is in the member app', async () => {
    const adminHtml = await (await fetch(`${baseUrl()}/admin/`)).text();
    expect(adminHtml).toMatch(/src="\/admin\/assets\/index-[\w-]+\.js"/);
    const memberHtml = await (await fetch(`${baseUrl()}/`)).text();
    expect(memberHtml).not.toContain('/admin/');
    // Strings only the console has: its storage keys and its sign-in catalogue.
    const markers = ['adminToken', 'adminLanguage', signInEn.enrol.secretHint];
    const memberAssets = join(repoRoot, 'apps/web/dist/assets');
    for (const file of readdirSync(memberAssets).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(memberAssets, file), 'utf8');
      for (const marker of markers) expect(source.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });
});

describe('every console screen is accessible and fits', () => {
  const SCREENS = [
    '/',
    '/rates',
    '/news',
    '/pages',
    '/settings',
    '/members',
    'a member',
    '/orders',
    'an order',
    '/reports',
    '/amlo',
    '/closes',
    '/bans',
    '/outbox',
    '/audit',
    '/staff',
  ];
  let memberRoute: Promise<string> | undefined;
  const firstMember = async (token: string) => {
    await newSignedInMember();
    const page = await adminOk<{ items: { id: number }[] }>(
      'GET',
      '/api/admin/members?page=1&pageSize=1',
      token,
    );
    return `/members/${page.items[0]?.id}`;
  };

  let orderRoute: Promise<string> | undefined;
  /** An order awaiting payment, placed through the member API at the rate in force. */
  const anOrder = async () => {
    const member = await newVerifiedMember();
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { result: { period: T } }).result.period;
    };
    const rates = await post<{ buyRate: string }>('/api/external/home/getRate', {});
    const profile = await post<{ usdtAddresses: { id: number }[] }>('/api/external/user/profile', {});
    const order = await post<{ id: string }>('/api/external/transaction/createTransaction', {
      type: 'buy',
      amountThb: '5000.00',
      rate: rates.buyRate,
      usdtAddressId: profile.usdtAddresses[0]?.id,
    });
    return `/orders/${order.id}`;
  };

  for (const lang of ['en', 'th'] as const) {
    test(`${lang}: axe finds no violation on sign-in, at 1280 px or at 768 px`, async () => {
      await browser.context({ locale: lang === 'th' ? 'th-TH' : 'en-US' });
      const page = await browser.page();
      await page.addInitScript((l) => localStorage.setItem('adminLanguage', l), lang);
      await openConsole(page, '/sign-in');
      await page.locator('h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await a11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 768, height: 1024 });
      expect(await a11yViolations(page)).toEqual([]);
    });

    test.each(SCREENS)(
      `${lang}: axe finds no violation on %s, at 1280 px or at 768 px, and nothing overflows at 768 px or at 390 px`,
      async (screen) => {
        const { token } = await adminSession();
        memberRoute ??= firstMember(token);
        if (screen === 'an order') orderRoute ??= anOrder();
        const route =
          screen === 'a member'
            ? await memberRoute
            : screen === 'an order'
              ? await (orderRoute ?? anOrder())
              : screen;
        const context = await browser.context({ locale: lang === 'th' ? 'th-TH' : 'en-US' });
        await consoleContext(context, token, lang);
        const page = await context.newPage();
        await openConsole(page, route);
        await screenLoaded(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await a11yViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 768, height: 1024 });
        expect(await a11yViolations(page)).toEqual([]);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        // On a phone a wide table scrolls inside its frame; nothing widens the page.
        await page.setViewportSize(PHONE);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      },
    );
  }
});
