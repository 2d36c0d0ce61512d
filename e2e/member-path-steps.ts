// Steps shared by the two whole member paths (member-path-en.test.ts, member-path-th.test.ts): the
// sign-up through its screens, from the sign-in page's link to the identity section, and the four
// identity photos picked on the account page and sent. `screen(name)` is called on each screen
// worth a look (the paths check it for sideways scrolling and save it with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { fillCredentials, fillPersonal, fillUsdt, type Lang, type Member, TEXT } from './accounts-steps.ts';
import { fill } from './order-steps.ts';
import { expectRoute } from './routes.ts';

type Screen = (name: string) => Promise<void>;

/**
 * Signs `member` up through every screen in `lang`, with a bank account (for a sell's payout) and a
 * USDT address (for a buy), then follows the welcome page's link to verify: the account page, with
 * the identity section saying what to send.
 */
export async function signUpInSteps(
  page: Page,
  lang: Lang,
  member: Member,
  saved: { bank: string; accountNumber: string; network: string; address: string },
  screen: Screen,
): Promise<void> {
  const t = TEXT[lang];
  const progress = (step: number, name: string) =>
    page
      .getByText(fill(t.signUp.progress, { step: String(step), total: '5', name }), { exact: true })
      .waitFor();
  await page.goto('/#/login');
  await page.getByRole('main').getByRole('link', { name: t.signIn.signUp }).click();
  await progress(1, t.signUp.steps.credentials);
  await screen('sign-up');
  await fillCredentials(page, lang, member);
  await page.getByRole('button', { name: t.signUp.next }).click();
  await progress(2, t.signUp.steps.personal);
  await fillPersonal(page, lang, member);
  await page.getByRole('button', { name: t.signUp.next }).click();
  await progress(3, t.signUp.steps.bank);
  await page.getByLabel(t.account.banks.bank, { exact: true }).selectOption(saved.bank);
  await page.getByLabel(t.account.banks.accountNumber, { exact: true }).fill(saved.accountNumber);
  await page
    .getByLabel(t.account.banks.accountName, { exact: true })
    .fill(`${member.firstName} ${member.lastName}`);
  await screen('sign-up-bank');
  await page.getByRole('button', { name: t.signUp.next }).click();
  await progress(4, t.signUp.steps.usdt);
  await fillUsdt(page, lang, saved.network, saved.address);
  await screen('sign-up-usdt');
  await page.getByRole('button', { name: t.signUp.create }).click();
  await page.getByRole('heading', { name: t.signUp.done.title }).waitFor();
  await screen('welcome');
  await page.getByRole('link', { name: t.signUp.done.verify }).click();
  await expectRoute(page, '/account');
  await page.locator('#kyc').getByText(t.account.kyc.unverifiedText).waitFor();
}

/**
 * Picks the four identity photos (`photos`: each slot's title and file, the document already
 * chosen), each shown as a thumbnail, sends them and waits for "waiting for review".
 */
export async function sendIdentityPhotos(
  page: Page,
  lang: Lang,
  photos: readonly (readonly [title: string, file: string | undefined])[],
  screen: Screen,
): Promise<void> {
  const t = TEXT[lang].account.kyc;
  for (const [title, file] of photos) {
    await page.getByLabel(title, { exact: true }).setInputFiles(file ?? '');
    await page.getByRole('img', { name: fill(t.thumbnail, { photo: title }) }).waitFor();
  }
  await screen('identity-photos');
  await page.getByRole('button', { name: t.submit }).click();
  await page.locator('#kyc').getByText(t.waiting, { exact: true }).first().waitFor();
  await screen('identity-waiting');
}
