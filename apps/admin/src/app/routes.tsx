import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router';
import { ConsoleLayout } from './ConsoleLayout.tsx';

/** A screen in its own chunk; a chunk that fails to load reloads the page once. */
function screen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(() => withChunkReload(load));
  return <Screen />;
}

/** Every route of the console (hash routes under /admin/). */
export const routes = (
  <>
    <Route path="sign-in" element={screen(() => import('../features/sign-in/SignInPage.tsx'))} />
    <Route element={<ConsoleLayout />}>
      <Route index element={screen(() => import('../features/dashboard/DashboardPage.tsx'))} />
      <Route path="rates" element={screen(() => import('../features/rates/RatesPage.tsx'))} />
      <Route path="news" element={screen(() => import('../features/news/NewsPage.tsx'))} />
      <Route path="pages" element={screen(() => import('../features/pages/PagesPage.tsx'))} />
      <Route path="settings" element={screen(() => import('../features/settings/SettingsPage.tsx'))} />
      <Route path="members" element={screen(() => import('../features/members/MembersPage.tsx'))} />
      <Route path="members/:id" element={screen(() => import('../features/members/MemberPage.tsx'))} />
      <Route path="kyc" element={screen(() => import('../features/kyc/KycQueuePage.tsx'))} />
      <Route path="kyc/:id" element={screen(() => import('../features/kyc/KycReviewPage.tsx'))} />
      <Route path="proofs" element={screen(() => import('../features/proofs/ProofQueuePage.tsx'))} />
      <Route path="proofs/:id" element={screen(() => import('../features/proofs/ProofReviewPage.tsx'))} />
      <Route path="orders" element={screen(() => import('../features/orders/OrderQueuePage.tsx'))} />
      <Route path="orders/:id" element={screen(() => import('../features/orders/OrderPage.tsx'))} />
      <Route path="reports" element={screen(() => import('../features/reports/ReportsPage.tsx'))} />
      <Route path="amlo" element={screen(() => import('../features/compliance/AmloPage.tsx'))} />
      <Route path="closes" element={screen(() => import('../features/compliance/ClosePage.tsx'))} />
      <Route path="bans" element={screen(() => import('../features/bans/BansPage.tsx'))} />
      <Route path="outbox" element={screen(() => import('../features/outbox/OutboxPage.tsx'))} />
      <Route path="audit" element={screen(() => import('../features/audit/AuditPage.tsx'))} />
      <Route path="staff" element={screen(() => import('../features/staff/StaffPage.tsx'))} />
      <Route path="*" element={screen(() => import('./NotFoundPage.tsx'))} />
    </Route>
  </>
);
