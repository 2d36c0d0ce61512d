// axe-core finds no serious or critical violation on any page, nor in the navigation's dialogs,
// in English and in Thai, at phone and desktop widths. The maintenance page is
// checked by maintenance.test.ts (it shows only during maintenance).
import { describe, expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { baseUrl, DESKTOP, PHONE, seriousA11yViolations, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { currentRoute, expectLanguage, openRoute } from './routes.ts';

const browser = useBrowser();

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', common: en },
  { lang: 'th', locale: 'th-TH', common: th },
] as const;
const VIEWPORTS = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

async function firstNewsRoute(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/external/home/getNews`);
  const body = (await response.json()) as { result: { period: { items: { id: number }[] } } };
  const first = body.result.period.items[0];
  if (!first) throw new Error('the seeded database has no news item');
  return `/news/${first.id}`;
}

// Pages a visitor may open (the guard sends others to /login).
const ROUTES = [
  '/',
  '/news',
  'first news article',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/news/no/such/page',
];

// Pages a signed-in member may open (a member made through the API, see members.ts).
const MEMBER_ROUTES = [
  '/account',
  '/account?action=openKyc',
  '/account?action=openBinanceId',
  '/transaction',
  '/transaction-history',
  '/transaction-history.vue',
  '/chkver',
  '/inspire',
  '/no-such-page',
];

let member: Promise<{ token: string }> | undefined;

for (const { lang, locale, common } of LANGUAGES) {
  for (const { name, viewport } of VIEWPORTS) {
    describe(`${lang}, ${name}`, () => {
      test.each(ROUTES)('%s has no serious or critical violation', async (route) => {
        await browser.context({ locale, viewport });
        const page = await browser.page();
        await openRoute(page, route === 'first news article' ? await firstNewsRoute() : route);
        await expectLanguage(page, lang);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      test.each(MEMBER_ROUTES)('%s, signed in, has no serious or critical violation', async (route) => {
        member ??= newVerifiedMember();
        const context = await browser.context({ locale, viewport });
        await signInContext(context, (await member).token);
        const page = await browser.page();
        await openRoute(page, route);
        await expectLanguage(page, lang);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(currentRoute(page)).toBe(route.split('?')[0]);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      test.each([
        ['manual', common.nav.manual],
        ['calculator', common.nav.calculate],
        ['contact', common.footer.contact],
      ])('the %s dialog has no serious or critical violation', async (_dialog, opener) => {
        await browser.context({ locale, viewport });
        const page = await browser.page();
        await openRoute(page, '/');
        await expectLanguage(page, lang);
        await page.getByRole('button', { name: opener, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  }
}
