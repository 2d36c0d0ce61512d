import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../lib/i18n.ts';
import type { Resources } from '../locales/resources.ts';

type PageKey = Exclude<keyof Resources['common']['tabTitle'], 'format'>;

/** The first path segment of each route and the catalogue name of its page (spec section 2). */
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
  maintenance: 'maintenance',
};

/** The page a path shows, for its tab title: undefined for home, `notFound` for unknown routes. */
export function pageOf(pathname: string): PageKey | undefined {
  const segment = pathname.split('/').filter(Boolean)[0];
  if (segment === undefined) return undefined;
  return PAGES[segment] ?? 'notFound';
}

/** Keeps the browser tab's title on the current page, in the current language ("Sign up - BahtDesk"). */
export function PageTitle() {
  const { pathname } = useLocation();
  const t = useT('common');
  const page = pageOf(pathname);
  const title = page ? t('tabTitle.format', { page: t(`tabTitle.${page}`) }) : t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
