import { LoadingBar, Snackbar } from '@bahtdesk/ui/components';
import { LanguageProvider } from '@bahtdesk/ui/i18n';
import { Suspense } from 'react';
import { HashRouter, Routes } from 'react-router';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { adminStore, useAdminState } from '../lib/store.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { NavigatorBridge } from './NavigatorBridge.tsx';
import { routes } from './routes.tsx';

/** The loading bar while API requests are in flight (background refreshes excepted). */
function RequestsBar() {
  return <LoadingBar active={useAdminState((s) => s.pending > 0)} />;
}

export function App() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <LanguageProvider store={adminStore}>
        <Suspense fallback={<LoadingBar />}>
          <RequestsBar />
          <ErrorBoundary>
            <Routes>{routes}</Routes>
          </ErrorBoundary>
          <ErrorDialog />
          <Snackbar store={adminStore} />
        </Suspense>
      </LanguageProvider>
    </HashRouter>
  );
}
