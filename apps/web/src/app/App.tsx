import { LoadingBar } from '@bahtdesk/ui/components';
import { LanguageProvider } from '@bahtdesk/ui/i18n';
import { setNavigator } from '@bahtdesk/ui/navigation';
import { Suspense, useEffect } from 'react';
import { HashRouter, Routes, useNavigate } from 'react-router';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { clientStore, useClientState } from '../lib/store.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { NavigationGuard } from './NavigationGuard.tsx';
import { PageTitle } from './PageTitle.tsx';
import { routes } from './routes.tsx';

/** Lets the API client change the route (code 500/501/502 to /login, 997 to /maintenance). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  return null;
}

/** The loading bar while API requests are in flight (background refreshes excepted). */
function RequestsBar() {
  return <LoadingBar active={useClientState((s) => s.pending > 0)} />;
}

export function App() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <LanguageProvider store={clientStore}>
        <Suspense fallback={<LoadingBar />}>
          <RequestsBar />
          <OfflineNotice />
          <PageTitle />
          <ErrorBoundary>
            <NavigationGuard>
              <Routes>{routes}</Routes>
            </NavigationGuard>
          </ErrorBoundary>
        </Suspense>
      </LanguageProvider>
    </HashRouter>
  );
}
