// Journeys: the footer's contact dialog shows a QR code of the configured chat link and an
// add-friend link; the offline notice appears and clears with the connection.
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import home from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import news from '../apps/web/src/locales/en/news.json' with { type: 'json' };
import { decodeQr, useBrowser } from './browser.ts';
import { expectRoute, openRoute } from './routes.ts';
import { saveSetting } from './staff.ts';

const browser = useBrowser({ locale: 'en-US' });

test('the contact QR code decodes to the chat link staff set, named as LINE with its ID', async () => {
  const id = `@bahtdesk-e2e-${Date.now()}`;
  const link = `https://line.me/R/ti/p/${id}`;
  await saveSetting('chatLink', link);
  const page = await browser.page();
  await openRoute(page, '/');
  await page.getByRole('button', { name: en.footer.contact }).click();
  const dialog = page.getByRole('dialog', { name: en.contact.title });
  const qr = dialog.getByRole('img', { name: en.contact.qrAlt });
  await qr.waitFor();
  expect(await decodeQr(page, qr)).toBe(link);
  await dialog.getByText(en.contact.textLine).waitFor();
  await dialog.getByText(en.contact.lineId.replace('{{id}}', id)).waitFor();

  const addFriend = dialog.getByRole('link', { name: new RegExp(en.contact.addFriendLine) });
  expect(await addFriend.getAttribute('href')).toBe(link);
  expect(await addFriend.getAttribute('target')).toBe('_blank');
  expect(await addFriend.getAttribute('rel')).toContain('noopener');
});

test('the offline notice appears when the connection drops and clears when it returns', async () => {
  const context = await browser.context();
  const page = await browser.page();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
  const notice = page.getByText(en.offline);
  expect(await notice.count()).toBe(0);

  // Requests the page makes while offline (rates refresh) fail; that is what offline means.
  browser.allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await context.setOffline(true);
  await notice.waitFor();
  await context.setOffline(false);
  await notice.waitFor({ state: 'detached' });
});

test('offline, a page whose code is not loaded yet keeps the current page, says it opens once online, and opens then without a reload', async () => {
  const context = await browser.context();
  const page = await browser.page();
  await openRoute(page, '/');
  await page.getByRole('link', { name: en.nav.login }).first().waitFor();
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  browser.allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|dynamically imported module/);
  await context.setOffline(true);
  await page.getByText(en.offline).waitFor();
  await page.getByRole('link', { name: home.news.all }).click();
  await page.getByText(en.offlineWaiting).waitFor();
  // Still the home page, with its content: nothing the member had on screen is gone.
  await page.getByRole('heading', { level: 1, name: home.hero.title }).waitFor();

  await context.setOffline(false);
  await page.getByRole('heading', { level: 1, name: news.title, exact: true }).waitFor();
  await expectRoute(page, '/news');
  await page.getByText(en.offlineWaiting).waitFor({ state: 'detached' });
  expect(loads).toBe(0);
});
