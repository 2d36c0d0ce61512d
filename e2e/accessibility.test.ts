// axe-core finds no serious or critical violation on any page, nor in the navigation's dialogs,
// in English and in Thai. `npm test` checks every page in both languages at one width, chosen at
// random for each run and printed (E2E_A11Y_WIDTH=phone|desktop repeats one; the layout journeys
// cover every width's layout); `npm run test:deep` sets E2E_A11Y_WIDTH=all for both widths. The
// maintenance page is checked by maintenance.test.ts (it shows only during maintenance).
import { describe, expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import th from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import { DESKTOP, PHONE, pageSettled, seriousA11yViolations, useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { currentRoute, expectLanguage, firstNewsRoute, openRoute } from './routes.ts';

const browser = useBrowser();

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', common: en },
  { lang: 'th', locale: 'th-TH', common: th },
] as const;
const VIEWPORTS = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

/** The widths of this run: E2E_A11Y_WIDTH names one or `all`; unset, one at random. */
function widthsOfThisRun(): (typeof VIEWPORTS)[number][] {
  const asked = process.env.E2E_A11Y_WIDTH;
  if (asked === 'all') return [...VIEWPORTS];
  const named = VIEWPORTS.find((v) => v.name === asked);
  if (asked && !named) throw new Error(`E2E_A11Y_WIDTH must be phone, desktop or all, not ${asked}`);
  const chosen =
    named ?? (VIEWPORTS[Math.floor(Math.random() * VIEWPORTS.length)] as (typeof VIEWPORTS)[number]);
  process.stdout.write(
    `accessibility: every page at the ${chosen.name} width this run (E2E_A11Y_WIDTH=${chosen.name} repeats it, =all checks both)\n`,
  );
  return [chosen];
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
const widths = widthsOfThisRun();

for (const { lang, locale, common } of LANGUAGES) {
  for (const { name, viewport } of widths) {
    describe(`${lang}, ${name}`, () => {
      test.each(ROUTES)('%s has no serious or critical violation', async (route) => {
        await browser.context({ locale, viewport });
        const page = await browser.page();
        await openRoute(page, route === 'first news article' ? await firstNewsRoute() : route);
        await expectLanguage(page, lang);
        await pageSettled(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      test.each(MEMBER_ROUTES)('%s, signed in, has no serious or critical violation', async (route) => {
        member ??= newVerifiedMember();
        const context = await browser.context({ locale, viewport });
        await signInContext(context, (await member).token);
        const page = await browser.page();
        await openRoute(page, route);
        await expectLanguage(page, lang);
        await pageSettled(page);
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
        await page.getByRole('dialog').waitFor();
        await pageSettled(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  }
}
