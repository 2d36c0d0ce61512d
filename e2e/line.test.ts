// A member links LINE in Chromium (decision 0079), against a server of its own that has LINE
// configured and pointed at the local fake LINE platform (apps/api/test/fake-line.ts); the other
// journeys' server has no LINE, so their pages are unchanged. The test plays the LINE platform: it
// sends the desk's webhook, signed with the channel secret, the code the page shows. The fake
// receives the confirmation push in the member's language; the member then unlinks after the
// confirmation dialog.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LINE_LINKED_TEXT } from '@bahtdesk/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeLine, lineUserId, startFakeLine, textEvent } from '../apps/api/test/fake-line.ts';
import accountTh from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import { PHONE, pageSettled, seriousA11yViolations, useBrowser } from './browser.ts';
import { newSignedInMember, signInContext } from './members.ts';
import { openRoute } from './routes.ts';
import { freePort, ServerProcess } from './server-process.ts';

const LINE = { channelAccessToken: 'journey-line-token', channelSecret: 'journey-line-secret' };

let fake: FakeLine;
let server: ServerProcess;
let dir: string;
const sharedBaseUrl = process.env.E2E_BASE_URL;

beforeAll(async () => {
  fake = await startFakeLine(LINE);
  dir = mkdtempSync(join(tmpdir(), 'bahtdesk-e2e-line-'));
  server = new ServerProcess({
    port: await freePort(),
    dataDir: join(dir, 'data'),
    logFile: join(dir, 'server.log'),
    env: {
      LINE_CHANNEL_ACCESS_TOKEN: LINE.channelAccessToken,
      LINE_CHANNEL_SECRET: LINE.channelSecret,
      LINE_OFFICIAL_ACCOUNT_ID: '@bahtdesk',
      LINE_API_URL: fake.url,
    },
  });
  await server.start();
  // This file's calls and pages go to its own server (browser.ts reads E2E_BASE_URL first).
  process.env.E2E_BASE_URL = server.baseUrl;
});

afterAll(async () => {
  if (sharedBaseUrl === undefined) delete process.env.E2E_BASE_URL;
  else process.env.E2E_BASE_URL = sharedBaseUrl;
  await server?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const browser = useBrowser({ viewport: PHONE, locale: 'th-TH' });

test('a Thai member links LINE with the code the account page shows, gets the confirmation by LINE in Thai, and unlinks', async () => {
  const member = await newSignedInMember();
  const context = await browser.context();
  await signInContext(context, member.token);
  const page = await context.newPage();
  await openRoute(page, '/account');
  const card = page.getByRole('region', { name: accountTh.line.title });
  await expect.poll(() => card.getByText(accountTh.line.notLinked).count()).toBe(1);
  await card.getByRole('button', { name: accountTh.line.getCode }).click();
  const codeText = page.getByTestId('line-code');
  await expect.poll(() => codeText.count()).toBe(1);
  const code = (await codeText.textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await pageSettled(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The LINE platform: the member sent the code to the desk's account.
  const userId = lineUserId();
  expect(await fake.sendWebhook(`${server.baseUrl}/api/line/webhook`, [textEvent(userId, code)])).toBe(200);

  await expect
    .poll(() => card.getByText(accountTh.line.linked, { exact: true }).count(), { timeout: 15_000 })
    .toBe(1);
  await expect
    .poll(() => fake.pushes.filter((p) => p.to === userId).map((p) => p.text), { timeout: 15_000 })
    .toEqual([LINE_LINKED_TEXT.th]);
  expect(fake.refused).toEqual([]);

  await card.getByRole('button', { name: accountTh.line.unlink }).click();
  const dialog = page.getByRole('alertdialog', { name: accountTh.line.unlinkTitle });
  await dialog.getByRole('button', { name: accountTh.line.unlink }).click();
  await expect.poll(() => card.getByText(accountTh.line.notLinked).count()).toBe(1);
});
