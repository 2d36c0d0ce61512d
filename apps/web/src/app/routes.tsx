import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { MaintenanceLayout } from './layouts/MaintenanceLayout.tsx';

/** A page in its own chunk; a chunk that fails to load reloads the page once. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(() => withChunkReload(load));
  return <Page />;
}

/**
 * Every route of spec section 2 (no locale prefix). Home is in the main chunk, since it is the
 * page most visits start on; every other page is loaded when it is first opened.
 */
export const routes = (
  <>
    <Route element={<DefaultLayout />}>
      <Route index element={<HomePage />} />
      <Route path="news" element={page(() => import('../features/news/NewsListPage.tsx'))} />
      <Route path="news/:id" element={page(() => import('../features/news/NewsArticlePage.tsx'))} />
      <Route path="welcome" element={page(() => import('../features/sign-up/WelcomePage.tsx'))} />
      <Route path="account" element={page(() => import('../features/account/AccountPage.tsx'))} />
      <Route path="transaction" element={page(() => import('../features/transaction/TransactionPage.tsx'))} />
      <Route
        path="transaction-history"
        element={page(() => import('../features/transaction-history/TransactionHistoryPage.tsx'))}
      />
      <Route
        path="transaction-history.vue"
        element={page(() => import('../features/transaction-history/TransactionHistoryPage.tsx'))}
      />
      <Route path="chkver" element={page(() => import('../features/chkver/ChkverPage.tsx'))} />
      <Route path="inspire" element={page(() => import('../features/inspire/InspirePage.tsx'))} />
      <Route path="*" element={page(() => import('./NotFoundPage.tsx'))} />
    </Route>
    <Route element={<AuthLayout />}>
      <Route path="login" element={page(() => import('../features/sign-in/SignInPage.tsx'))} />
      <Route path="sign-up" element={page(() => import('../features/sign-up/SignUpPage.tsx'))} />
      <Route
        path="forgot-password"
        element={page(() => import('../features/forgot-password/ForgotPasswordPage.tsx'))}
      />
    </Route>
    <Route element={<MaintenanceLayout />}>
      <Route path="maintenance" element={page(() => import('../features/maintenance/MaintenancePage.tsx'))} />
    </Route>
  </>
);
