// Journeys: the layout works from 320 px wide with no horizontal scrolling; the navigation sits at
// the bottom below 1024 px and in the top bar from 1024 px; the current page's item is highlighted
// (docs/product.md, Screens).
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { newVerifiedMember, signInContext } from './members.ts';
import { expectLanguage, openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

const NARROW = { width: 320, height: 640 };
const VISITOR_ROUTES = ['/', '/news', '/login', '/sign-up', '/forgot-password'];
const MEMBER_ROUTES = ['/account', '/transaction', '/transaction-history', '/chkver', '/inspire'];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function showRoute(page: Page, route: string, lang: 'en' | 'th'): Promise<void> {
  await openRoute(page, route);
  await expectLanguage(page, lang);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

test.each(['en-US', 'th-TH'])('at 320 px no visitor page scrolls sideways (%s)', async (locale) => {
  await browser.context({ locale, viewport: NARROW });
  const page = await browser.page();
  for (const route of VISITOR_ROUTES) {
    await showRoute(page, route, locale === 'th-TH' ? 'th' : 'en');
    expect({ route, overflow: await horizontalOverflow(page) }).toEqual({ route, overflow: 0 });
  }
});

test.each(['en-US', 'th-TH'])('at 320 px no member page scrolls sideways (%s)', async (locale) => {
  const context = await browser.context({ locale, viewport: NARROW });
  await signInContext(context, (await newVerifiedMember()).token);
  const page = await browser.page();
  for (const route of MEMBER_ROUTES) {
    await showRoute(page, route, locale === 'th-TH' ? 'th' : 'en');
    expect({ route, overflow: await horizontalOverflow(page) }).toEqual({ route, overflow: 0 });
  }
});

/** Where the one visible main navigation is: 'top' or 'bottom' of the viewport. */
async function navigationPlace(page: Page): Promise<'top' | 'bottom'> {
  const navigation = page.getByRole('navigation', { name: en.nav.label });
  expect(await navigation.count()).toBe(1);
  const box = await navigation.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!box) throw new Error('the navigation has no box');
  return box.y + box.height / 2 < height / 2 ? 'top' : 'bottom';
}

test('below 1024 px the navigation is at the bottom, from 1024 px in the top bar', async () => {
  await browser.context({ viewport: { width: 1023, height: 800 } });
  const page = await browser.page();
  await showRoute(page, '/', 'en');
  expect(await navigationPlace(page)).toBe('bottom');
  await page.setViewportSize({ width: 1024, height: 800 });
  expect(await navigationPlace(page)).toBe('top');
});

async function look(page: Page, name: string): Promise<{ current: string | null; style: string }> {
  const link = page.getByRole('navigation', { name: en.nav.label }).getByRole('link', { name, exact: true });
  return {
    current: await link.getAttribute('aria-current'),
    style: await link.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.color} ${style.backgroundColor} ${style.fontWeight} ${style.borderBottomColor}`;
    }),
  };
}

test.each([
  { width: 390, route: '/', current: en.nav.home, other: en.nav.login },
  { width: 1280, route: '/login', current: en.nav.login, other: en.nav.home },
])(
  'at $width px the current page ($route) is highlighted in the navigation',
  async ({ width, route, current, other }) => {
    await browser.context({ viewport: { width, height: 800 } });
    const page = await browser.page();
    await showRoute(page, route, 'en');
    const active = await look(page, current);
    const inactive = await look(page, other);
    expect(active.current).toBe('page');
    expect(inactive.current).toBeNull();
    expect(active.style).not.toBe(inactive.style);
  },
);

test('at 1280 px single-column pages are centred in the container, not left-aligned', async () => {
  const context = await browser.context({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, (await newVerifiedMember()).token);
  const page = await browser.page();
  for (const route of ['/news', ...MEMBER_ROUTES]) {
    await showRoute(page, route, 'en');
    // The page itself, not the loading state it may still be in (hidden, out of the flow).
    const shown = page.locator('main .page:not([aria-busy="true"])').first();
    await shown.waitFor();
    const gaps = await shown.evaluate((element) => {
      const main = element.closest('main') as HTMLElement;
      const style = getComputedStyle(main);
      const inner = main.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const left = box.left - inner.left - Number.parseFloat(style.paddingLeft);
      const right = inner.right - Number.parseFloat(style.paddingRight) - box.right;
      return { left: Math.round(left), right: Math.round(right) };
    });
    expect({ route, gaps }).toEqual({ route, gaps: { left: gaps.right, right: gaps.right } });
    expect(gaps.left).toBeGreaterThan(0);
  }
});

/** The page's layout shifts so far (Chromium's 'layout-shift' entries, those without recent input). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

test.each(['en-US', 'th-TH'])(
  'at 390 px the account and history pages load without moving what is shown (CLS 0, %s)',
  async (locale) => {
    const context = await browser.context({ locale, viewport: { width: 390, height: 844 } });
    await signInContext(context, (await newVerifiedMember()).token);
    await context.addInitScript(() => {
      const sum = window as unknown as { layoutShift: number };
      sum.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) sum.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await browser.page();
    for (const route of ['/account', '/transaction-history']) {
      await openRoute(page, route);
      await page.reload();
      await showRoute(page, route, locale === 'th-TH' ? 'th' : 'en');
      await page.locator('main h2, main .history-empty, main .history-item').first().waitFor();
      expect({ route, shift: await layoutShift(page) }).toEqual({ route, shift: 0 });
    }
  },
);
