import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { MaintenanceLayout } from './layouts/MaintenanceLayout.tsx';
import { lazyPages } from './pages.ts';

/** A page in its own chunk; a chunk that fails to load reloads the page once. */
function page({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  const Page = lazy(() => withChunkReload(load));
  return <Page />;
}

/**
 * Every route of the member app (docs/product.md, Screens; no locale prefix). Home is in the main
 * chunk, since it is the page most visits start on; every other page (pages.ts) is loaded when it
 * is first opened.
 */
export const routes = (
  <>
    <Route element={<DefaultLayout />}>
      <Route index element={<HomePage />} />
      <Route path="news" element={page(lazyPages.news)} />
      <Route path="news/:id" element={page(lazyPages.newsArticle)} />
      <Route path="welcome" element={page(lazyPages.welcome)} />
      <Route path="account" element={page(lazyPages.account)} />
      <Route path="transaction" element={page(lazyPages.transaction)} />
      <Route path="transaction-history" element={page(lazyPages.history)} />
      <Route path="transaction-history.vue" element={page(lazyPages.history)} />
      <Route path="chkver" element={page(lazyPages.chkver)} />
      <Route path="inspire" element={page(lazyPages.inspire)} />
      <Route path="*" element={page(lazyPages.notFound)} />
    </Route>
    <Route element={<AuthLayout />}>
      <Route path="login" element={page(lazyPages.login)} />
      <Route path="sign-up" element={page(lazyPages.signUp)} />
      <Route path="forgot-password" element={page(lazyPages.forgotPassword)} />
      <Route path="forgot-username" element={page(lazyPages.forgotUsername)} />
    </Route>
    <Route element={<MaintenanceLayout />}>
      <Route path="maintenance" element={page(lazyPages.maintenance)} />
    </Route>
  </>
);
