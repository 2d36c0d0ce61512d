// Journey: Thai lines break where a reader expects (decisions 0034, 0072). Chromium
// breaks Thai lines with a dictionary that splits compounds such as เจ้า|หน้าที่ and เข้าสู่|ระบบ;
// the apps' JSX runtime keeps each of THAI_TERMS whole. Every page of the member app, in Thai, at a
// small phone, a phone and a desktop width, and every screen of the staff console at the widths
// staff use (768 and 1280 px): each line's first character is found from where its characters are
// drawn, and no line may start inside a term nor with a combining mark (a vowel or tone mark drawn
// above or below the letter before it, which would be left on a dotted circle).
import { THAI_TERMS } from '@bahtdesk/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import account from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import common from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import forgotPassword from '../apps/web/src/locales/th/forgotPassword.json' with { type: 'json' };
import history from '../apps/web/src/locales/th/history.json' with { type: 'json' };
import home from '../apps/web/src/locales/th/home.json' with { type: 'json' };
import news from '../apps/web/src/locales/th/news.json' with { type: 'json' };
import signIn from '../apps/web/src/locales/th/signIn.json' with { type: 'json' };
import signUp from '../apps/web/src/locales/th/signUp.json' with { type: 'json' };
import transaction from '../apps/web/src/locales/th/transaction.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { newSignedInMember, newVerifiedMember, placeBuyOrder, signInContext } from './members.ts';
import { expectLanguage, firstNewsRoute, openRoute } from './routes.ts';
import { consoleContext, journeyAdmin } from './staff.ts';

const browser = useBrowser({ locale: 'th-TH' });

/**
 * A page to check and how to know it is shown with its data: its own heading (h1) and, where its
 * data loads after the heading, an element only the loaded page has. Together with "nothing busy,
 * no loading text", this keeps the check from reading the page before, or a page still loading.
 */
interface PageCheck {
  route: string;
  heading: string;
  ready?: string;
}

const ARTICLE = 'news article';
const VISITOR_PAGES: PageCheck[] = [
  { route: '/', heading: home.hero.title },
  { route: '/news', heading: news.title },
  { route: ARTICLE, heading: '', ready: '.news-article__date' },
  { route: '/login', heading: signIn.title },
  { route: '/sign-up', heading: signUp.title },
  { route: '/forgot-password', heading: forgotPassword.title },
  { route: '/forgot-username', heading: forgotPassword.username.title },
  // A visitor is sent to sign in from unknown top-level paths; one under /news is not found.
  { route: '/news/no/such/page', heading: common.notFound.title },
];
// Signed in (the guard sends a visitor to sign in). Unverified: the account page shows the identity
// section's photo slots, with their Thai texts.
const MEMBER_PAGES: PageCheck[] = [
  { route: '/', heading: home.hero.title },
  { route: '/account', heading: account.title, ready: '.account__head' },
  { route: '/welcome', heading: signUp.done.title },
  { route: '/chkver', heading: common.chkver.title, ready: '[data-health]:not([data-health="checking"])' },
  { route: '/inspire', heading: common.inspire.title },
];
// Verified, so the order form is shown (anyone else is sent home with a dialog).
const TRADER_PAGES: PageCheck[] = [
  { route: '/', heading: home.hero.title },
  { route: '/transaction', heading: common.pages.transaction_buy, ready: '.order-form' },
  { route: '/transaction-history', heading: history.title, ready: '.history-list' },
];
const WIDTHS = [320, 390, 1280];

/** Texts a page shows while its data is still on the way. */
const LOADING = [
  common.app.loading,
  common.chkver.checking,
  account.form.loading,
  history.loading,
  home.rates.loading,
  transaction.order.loading,
  transaction.quote.loadingRates,
];

/** Waits until the page shows its heading and its data, with nothing still loading. */
async function waitForPage(page: Page, { heading, ready }: PageCheck): Promise<void> {
  await page
    .waitForFunction(
      ({ heading, ready, loading }) => {
        const plain = (text: string) => text.replace(/[\u200b\u2060]/g, '');
        const headings = [...document.querySelectorAll('main h1')].map((h) => plain(h.textContent ?? ''));
        // The catalogues come joined (thaiTermsPlugin), like the page: both are compared without.
        if (!headings.some((h) => h.includes(plain(heading)))) return false;
        if (ready && !document.querySelector(ready)) return false;
        if (document.querySelector('[aria-busy="true"]')) return false;
        // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not hidden text
        const text = plain(document.body.innerText);
        return !loading.some((l) => text.includes(plain(l)));
      },
      { heading, ready, loading: LOADING },
      { timeout: 15_000 },
    )
    .catch((error: Error) => {
      throw new Error(
        `${page.url()} did not show "${heading}" ${ready ?? ''} with nothing loading: ${error.message}`,
      );
    });
}

/**
 * Each place on the page where a line starts badly, as "<text before>|<text after>": inside a
 * term, or with a combining mark.
 */
function badLineStarts(page: Page): Promise<string[]> {
  return page.evaluate(
    (terms) => {
      const joins = /[\u200b\u2060]/g;
      const combining = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!/[\u0e00-\u0e7f]/.test(text)) continue;
        const at = (i: number) =>
          `${text.slice(0, i).replace(joins, '')}|${text.slice(i).replace(joins, '')}`;
        // Where each term starts and ends in this text (its characters may carry the joins).
        const spans: [number, number][] = [];
        for (const term of terms) {
          const pattern = new RegExp([...term].join('[\\u200b\\u2060]*'), 'g');
          for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].length]);
        }
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          // The first character drawn in this text, or the first on a new line.
          if (lastTop === null || rect.top > lastTop + 2) {
            if (combining.test(text[i] ?? '')) found.push(`mark: ${at(i)}`);
            if (lastTop !== null && spans.some(([from, to]) => i > from && i < to))
              found.push(`term: ${at(i)}`);
          }
          lastTop = rect.top;
        }
      }
      return found;
    },
    THAI_TERMS as readonly string[],
  );
}

/**
 * Waits for the Thai face (Sarabun, both weights), whose widths decide where lines end. Its Thai
 * subset is fetched only once Thai is laid out, so it is asked for after the page shows.
 */
async function thaiFontLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all([
      document.fonts.load('400 16px Sarabun', 'ก'),
      document.fonts.load('600 16px Sarabun', 'ก'),
    ]);
    await document.fonts.ready;
  });
}

async function checkPages(page: Page, checks: PageCheck[], width: number): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width, height: 800 });
  for (const check of checks) {
    const route = check.route === ARTICLE ? await firstNewsRoute() : check.route;
    await openRoute(page, route);
    await expectLanguage(page, 'th');
    await waitForPage(page, check);
    await thaiFontLoaded(page);
    for (const bad of await badLineStarts(page)) problems.push(`${width}px ${route}: ${bad}`);
  }
  return problems;
}

describe.each(WIDTHS)('at %i px', (width) => {
  test('no Thai line starts inside a compound or with a combining mark on the visitor pages', async () => {
    const page = await browser.page();
    expect(await checkPages(page, VISITOR_PAGES, width)).toEqual([]);
  });

  test('no Thai line starts inside a compound or with a combining mark on the member pages', async () => {
    const member = await newSignedInMember();
    await signInContext(await browser.context(), member.token);
    const page = await browser.page();
    expect(await checkPages(page, MEMBER_PAGES, width)).toEqual([]);
  });

  test('no Thai line starts inside a compound or with a combining mark on the order pages', async () => {
    const member = await newVerifiedMember();
    await signInContext(await browser.context(), member.token);
    const page = await browser.page();
    expect(await checkPages(page, TRADER_PAGES, width)).toEqual([]);
  });
});

/** Every screen of the console an admin sees; a member's and an order's screens are added per run. */
const CONSOLE_SCREENS = [
  '/',
  '/rates',
  '/news',
  '/pages',
  '/settings',
  '/members',
  '/kyc',
  '/orders',
  '/reports',
  '/amlo',
  '/closes',
  '/bans',
  '/outbox',
  '/audit',
  '/staff',
];

/** Waits until a console screen shows its data: its heading, and nothing loading or busy. */
async function consoleScreenLoaded(page: Page, route: string): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main h1') !== null &&
        document.documentElement.lang === 'th' &&
        !document.querySelector('main .state[role="status"], [aria-busy="true"]'),
      undefined,
      { timeout: 15_000 },
    )
    .catch((error: Error) => {
      throw new Error(`the console's ${route} did not show its data in Thai: ${error.message}`);
    });
}

describe.each([768, 1280])('the staff console at %i px', (width) => {
  test('no Thai line starts inside a compound or with a combining mark on any console screen', async () => {
    const member = await newVerifiedMember();
    const order = await placeBuyOrder(member.token, '5000.00');
    const context = await browser.context({ viewport: { width, height: 900 } });
    await consoleContext(context, journeyAdmin().token, 'th');
    const page = await context.newPage();
    const problems: string[] = [];
    for (const route of [...CONSOLE_SCREENS, `/members/${member.memberId}`, `/orders/${order}`]) {
      await page.goto(`/admin/#${route}`);
      await consoleScreenLoaded(page, route);
      await thaiFontLoaded(page);
      for (const bad of await badLineStarts(page)) problems.push(`${width}px ${route}: ${bad}`);
    }
    expect(problems).toEqual([]);
  });
});
