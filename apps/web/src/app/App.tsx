import { Suspense, useEffect } from 'react';
import { HashRouter, Routes, useNavigate } from 'react-router';
import { BareLoadingBar, LoadingBar } from '../components/LoadingBar.tsx';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { NavigationGuard } from './NavigationGuard.tsx';
import { routes } from './routes.tsx';

/** Lets the API client change the route (code 500/501/502 to /login, 997 to /maintenance). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  return null;
}

export function App() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <Suspense fallback={<BareLoadingBar />}>
        <LoadingBar />
        <OfflineNotice />
        <ErrorBoundary>
          <NavigationGuard>
            <Routes>{routes}</Routes>
          </NavigationGuard>
        </ErrorBoundary>
      </Suspense>
    </HashRouter>
  );
}
