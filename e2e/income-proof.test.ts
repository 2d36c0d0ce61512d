// Proof of income or assets in Chromium against the real server (decision 0071): a level-1 member
// sends a page from the account page, an operator accepts it in the console, and the member's
// account page shows level 2.
import { expect, test } from 'vitest';
import adminProofs from '../apps/admin/src/locales/en/proofs.json' with { type: 'json' };
import limitsEn from '../apps/web/src/locales/en/limits.json' with { type: 'json' };
import { a11yViolations, DESKTOP, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext, testPhoto } from './members.ts';
import { openRoute } from './routes.ts';
import { consoleContext, journeyAdmin } from './staff.ts';

const browser = useBrowser({ viewport: DESKTOP });

test('a member sends proof of income, staff accept it in the console, and the account page shows level 2', async () => {
  const member = await newVerifiedMember();
  const memberContext = await browser.context();
  await signInContext(memberContext, member.token);
  const page = await memberContext.newPage();
  await openRoute(page, '/account');
  const proof = page.getByRole('region', { name: limitsEn.proof.title });
  await proof.getByLabel(limitsEn.proof.kind).selectOption('bankStatement');
  const photo = Buffer.from(await testPhoto('#335577', 600, 800), 'base64');
  await proof
    .getByLabel(limitsEn.proof.firstPage.replace('{{n}}', '1'))
    .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: photo });
  await proof.getByAltText(limitsEn.proof.thumbnail.replace('{{n}}', '1')).waitFor();
  await proof.getByRole('button', { name: limitsEn.proof.submit }).click();
  await proof.getByText(limitsEn.proof.waiting).waitFor();
  expect(await a11yViolations(page)).toEqual([]);

  const staffContext = await browser.context();
  await consoleContext(staffContext, journeyAdmin().token);
  const consolePage = await staffContext.newPage();
  await consolePage.goto('/admin/#/proofs');
  await consolePage
    .getByRole('row', { name: new RegExp(member.username) })
    .getByRole('link')
    .click();
  await consolePage.getByRole('button', { name: adminProofs.review.accept }).click();
  await consolePage.getByRole('alertdialog').getByRole('button', { name: adminProofs.review.accept }).click();
  await consolePage.getByRole('heading', { name: adminProofs.queue.title }).waitFor();

  await page.reload();
  const card = page.getByRole('region', { name: limitsEn.level.title });
  await expect.poll(() => card.getByText('Level 2', { exact: true }).count()).toBe(1);
  expect(await card.getByText(limitsEn.level.level2).count()).toBe(1);
});
