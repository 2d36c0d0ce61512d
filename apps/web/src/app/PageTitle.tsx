import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../lib/i18n.ts';
import { useNamedTabTitle } from '../lib/tabTitle.ts';
import type { Resources } from '../locales/resources.ts';

type PageKey = Exclude<keyof Resources['common']['tabTitle'], 'format'>;

/** The first path segment of each route and the catalogue name of its page (docs/product.md, Screens). */
const PAGES: Readonly<Record<string, PageKey>> = {
  news: 'news',
  welcome: 'welcome',
  account: 'account',
  transaction: 'transaction',
  'transaction-history': 'history',
  'transaction-history.vue': 'history',
  chkver: 'chkver',
  inspire: 'inspire',
  login: 'login',
  'sign-up': 'signUp',
  'forgot-password': 'forgotPassword',
  'forgot-username': 'forgotUsername',
  maintenance: 'maintenance',
};

/** The page a path shows, for its tab title: undefined for home, `notFound` for unknown routes. */
export function pageOf(pathname: string): PageKey | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const segment = segments[0];
  if (segment === undefined) return undefined;
  // Every route is one segment but a news article (/news/:id); deeper paths show the 404 page
  // (routes.tsx), so /news/no/such/page is titled "Page not found", not "News".
  const depth = segment === 'news' ? 2 : 1;
  if (segments.length > depth) return 'notFound';
  return PAGES[segment] ?? 'notFound';
}

/**
 * Keeps the browser tab's title on the current page, in the current language ("Sign up - BahtDesk"),
 * or on the name the page gave itself (a news article's title, lib/tabTitle.ts).
 */
export function PageTitle() {
  const { pathname } = useLocation();
  const t = useT('common');
  const named = useNamedTabTitle();
  const page = pageOf(pathname);
  const name = named ?? (page ? t(`tabTitle.${page}`) : undefined);
  const title = name === undefined ? t('app.title') : t('tabTitle.format', { page: name });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
