// Journeys of identity verification, in Chromium, beside the English desktop path
// (member-path-en.test.ts: a passport's four photos, one a large PNG the browser shrinks, approved in
// the console while the member's page turns verified without a reload): a member in Thai is
// rejected with a reason, reads it in Thai, and sends new photos of a Thai ID card, each sent once;
// a photo is chosen through a button in the page's language.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E, KYC_REJECT_REASONS } from '@bahtdesk/contract';
import type { Browser, Page, Request } from 'playwright-core';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import kycEn from '../apps/admin/src/locales/en/kyc.json' with { type: 'json' };
import accountEn from '../apps/web/src/locales/en/account.json' with { type: 'json' };
import accountTh from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import { launchChromium, PHONE, useBrowser } from './browser.ts';
import { newSignedInMember, signInContext } from './members.ts';
import { consolePage, writeLargePhoto } from './order-steps.ts';
import { openRoute } from './routes.ts';
import { journeyAdmin, newStaff, type StaffSession } from './staff.ts';

const browser = useBrowser();
let staffBrowser: Browser;
let operator: StaffSession;
const photos: Record<string, string> = {};

beforeAll(async () => {
  staffBrowser = await launchChromium();
  operator = await newStaff(journeyAdmin(), 'operator');
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-kyc-'));
  const save = async (name: string, image: Sharp) => {
    photos[name] = join(dir, name);
    writeFileSync(photos[name], await image.toBuffer());
  };
  const plain = (colour: string) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg();
  photos['large.png'] = join(dir, 'large.png');
  await writeLargePhoto(photos['large.png']);
  await save('holding.jpg', plain('#336699'));
  await save('screen1.jpg', plain('#993366'));
  await save('screen2.jpg', plain('#669933'));
});

afterAll(async () => {
  await staffBrowser?.close();
});

const SLOTS = ['passportImage', 'holdingPassportImage', 'screenshot1Image', 'screenshot2Image'] as const;
const FILES = ['large.png', 'holding.jpg', 'screen1.jpg', 'screen2.jpg'];

/** The title of a photo's slot: a Thai ID card names its own two. */
function slotTitle(account: typeof accountEn, slot: (typeof SLOTS)[number], idCard: boolean): string {
  return idCard && (slot === 'passportImage' || slot === 'holdingPassportImage')
    ? account.kyc.idCardSlots[slot].title
    : account.kyc.slots[slot].title;
}

/**
 * Picks the four photos on the open account page and sends them; waits for "waiting". Answers the
 * identity calls the page made and every upload progress it showed.
 */
async function sendPhotos(
  page: Page,
  account: typeof accountEn,
  idCard = false,
): Promise<{ calls: { path: string; bytes: number }[]; progress: string[] }> {
  const calls: { path: string; bytes: number }[] = [];
  const record = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (/\/api\/external\/user\/(stageKycImage|submitKyc|uploadKyc|uploadImgFile)$/.test(path))
      calls.push({
        path: path.replace('/api/external/user/', ''),
        bytes: request.postDataBuffer()?.length ?? 0,
      });
  };
  page.on('request', record);
  // Every name a progress bar of the identity section takes, as the page shows it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('#kyc progress')) {
        const name = bar.getAttribute('aria-label') ?? '';
        if (seen.at(-1) !== name) seen.push(name);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  for (const [i, slot] of SLOTS.entries()) {
    const title = slotTitle(account, slot, idCard);
    await page.getByLabel(title, { exact: true }).setInputFiles(photos[FILES[i] ?? ''] ?? '');
    await page.getByRole('img', { name: account.kyc.thumbnail.replace('{{photo}}', title) }).waitFor();
  }
  // A passport's number is typed beside its photos (a Thai ID card's number is typed before).
  if (!idCard) await page.getByLabel(account.kyc.passportNumber.label, { exact: true }).fill('AA1234567');
  await page.getByRole('button', { name: account.kyc.submit }).click();
  await page.locator('#kyc').getByText(account.kyc.waiting, { exact: true }).first().waitFor();
  page.off('request', record);
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  return { calls, progress };
}

/** Opens the operator's console on the waiting submission of `username` and returns the page. */
async function openReview(username: string, idCard = false): Promise<Page> {
  const page = await consolePage(staffBrowser, operator.token, '/kyc');
  const row = page.getByRole('row').filter({ hasText: username });
  await row.getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: kycEn.review.title }).waitFor();
  // The four images, read with the staff session.
  for (const slot of SLOTS) {
    const caption =
      idCard && (slot === 'passportImage' || slot === 'holdingPassportImage')
        ? kycEn.idCardSlots[slot]
        : kycEn.slots[slot];
    await page.getByRole('img', { name: caption }).waitFor();
  }
  return page;
}

test('a member in Thai is rejected with a reason, reads it in Thai, and sends new photos of a Thai ID card, each photo sent once', async () => {
  const member = await newSignedInMember();
  const context = await browser.context({ viewport: PHONE, locale: 'th-TH' });
  await signInContext(context, member.token);
  const page = await browser.page();
  await openRoute(page, '/account?action=openKyc');
  await sendPhotos(page, accountTh);

  const review = await openReview(member.username);
  await review.getByRole('combobox', { name: kycEn.review.reason, exact: true }).selectOption('paperMissing');
  await review.getByLabel(/Note to the member/).fill('Please write today’s date on the paper.');
  await review.getByRole('button', { name: kycEn.review.reject }).click();
  await review.getByRole('alertdialog').getByRole('button', { name: kycEn.review.reject }).click();
  await review.waitForURL(/#\/kyc$/);
  await review.context().close();

  const kyc = page.locator('#kyc');
  await kyc.getByText(KYC_REJECT_REASONS.paperMissing.th).waitFor();
  await kyc.getByText('Please write today’s date on the paper.').waitFor();

  // A Thai ID card this time: a mistyped number is caught on the page, before anything is sent.
  await page.getByRole('radio', { name: accountTh.kyc.document.thaiIdCard }).check();
  const number = page.getByLabel(accountTh.kyc.idNumber.label, { exact: true });
  await number.fill('1-1037-00012-34-7');
  await number.blur();
  await kyc.getByText(E.ID_CARD_NUMBER_CHECK_DIGIT.th).waitFor();
  await number.fill('1-1037-00012-34-6');
  const { calls, progress } = await sendPhotos(page, accountTh, true);
  // Each photo went up once, when chosen; the submission named them and carried no image.
  expect(calls.map((c) => c.path)).toEqual([
    'stageKycImage',
    'stageKycImage',
    'stageKycImage',
    'stageKycImage',
    'submitKyc',
  ]);
  expect(calls.at(-1)?.bytes).toBeLessThan(1024);
  // The upload showed its progress in per cent (or was all sent at once), then the server's check.
  expect(progress.some((name) => /^กำลังอัปโหลด \d+ %$/.test(name) || name === accountTh.kyc.checking)).toBe(
    true,
  );

  // Staff see the document type and the number.
  const second = await openReview(member.username, true);
  await second.getByText(kycEn.documentType.thaiIdCard, { exact: true }).waitFor();
  await second.getByText('1-1037-00012-34-6', { exact: true }).waitFor();
  await second.context().close();
});

test("a photo is chosen through a button in the page's language, which opens the file chooser", async () => {
  const member = await newSignedInMember();
  const context = await browser.context({ viewport: PHONE, locale: 'th-TH' });
  await signInContext(context, member.token);
  const page = await browser.page();
  await openRoute(page, '/account?action=openKyc');
  const slot = page.locator('.kyc-slot').filter({ hasText: accountTh.kyc.slots.passportImage.title });
  await slot.getByText(accountTh.kyc.pick.noneChosen, { exact: true }).waitFor();

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    slot.getByText(accountTh.kyc.pick.choose, { exact: true }).click(),
  ]);
  await chooser.setFiles(photos['holding.jpg'] ?? '');
  await page
    .getByRole('img', {
      name: accountTh.kyc.thumbnail.replace('{{photo}}', accountTh.kyc.slots.passportImage.title),
    })
    .waitFor();
  await slot.getByText(accountTh.kyc.pick.chooseAgain, { exact: true }).waitFor();
  expect(await slot.getByText(accountTh.kyc.pick.noneChosen).count()).toBe(0);
});
