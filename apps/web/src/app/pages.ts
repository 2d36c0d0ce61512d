import type { ComponentType } from 'react';
import type { Resources } from '../locales/resources.ts';

interface LazyPage {
  load: () => Promise<{ default: ComponentType }>;
  /** The namespaces of the page's strings beyond the shell's (`common`). */
  namespaces: readonly (keyof Resources)[];
}

/**
 * The pages loaded when first opened, by the first segment of their path. The router renders
 * them (routes.tsx), and start.ts begins loading the one the address names, with its strings,
 * while the main chunk starts, instead of one round trip after the first render.
 */
export const lazyPages = {
  news: { load: () => import('../features/news/NewsListPage.tsx'), namespaces: ['news'] },
  newsArticle: { load: () => import('../features/news/NewsArticlePage.tsx'), namespaces: ['news'] },
  welcome: { load: () => import('../features/sign-up/WelcomePage.tsx'), namespaces: ['signUp'] },
  account: { load: () => import('../features/account/AccountPage.tsx'), namespaces: ['account', 'limits'] },
  transaction: {
    load: () => import('../features/transaction/TransactionPage.tsx'),
    namespaces: ['transaction', 'account', 'limits'],
  },
  history: {
    load: () => import('../features/transaction-history/TransactionHistoryPage.tsx'),
    namespaces: ['history', 'transaction'],
  },
  chkver: { load: () => import('../features/chkver/ChkverPage.tsx'), namespaces: [] },
  inspire: { load: () => import('../features/inspire/InspirePage.tsx'), namespaces: [] },
  notFound: { load: () => import('./NotFoundPage.tsx'), namespaces: [] },
  login: { load: () => import('../features/sign-in/SignInPage.tsx'), namespaces: ['signIn'] },
  signUp: { load: () => import('../features/sign-up/SignUpPage.tsx'), namespaces: ['signUp'] },
  forgotPassword: {
    load: () => import('../features/forgot-password/ForgotPasswordPage.tsx'),
    namespaces: ['forgotPassword'],
  },
  forgotUsername: {
    load: () => import('../features/forgot-password/ForgotUsernamePage.tsx'),
    namespaces: ['forgotPassword'],
  },
  maintenance: { load: () => import('../features/maintenance/MaintenancePage.tsx'), namespaces: [] },
} satisfies Record<string, LazyPage>;

/** The pages by the first segment of their path (news by whether an id follows). */
const byFirstSegment: Readonly<Record<string, LazyPage>> = {
  welcome: lazyPages.welcome,
  account: lazyPages.account,
  transaction: lazyPages.transaction,
  'transaction-history': lazyPages.history,
  'transaction-history.vue': lazyPages.history,
  chkver: lazyPages.chkver,
  inspire: lazyPages.inspire,
  login: lazyPages.login,
  'sign-up': lazyPages.signUp,
  'forgot-password': lazyPages.forgotPassword,
  'forgot-username': lazyPages.forgotUsername,
  maintenance: lazyPages.maintenance,
};

/** The page for a path such as '/login' or '/news/12'; undefined for home. */
export function lazyPageOf(pathname: string): LazyPage | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === undefined) return undefined;
  if (first === 'news') return second === undefined ? lazyPages.news : lazyPages.newsArticle;
  return Object.hasOwn(byFirstSegment, first) ? byFirstSegment[first] : lazyPages.notFound;
}
