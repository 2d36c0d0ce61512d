import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from '../../components/LoadingBar.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';

/**
 * The page area: skip-link target, the loading bar while a page's chunk arrives, and 'An error
 * occurred' if the page fails (cleared by the next navigation).
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="main" tabIndex={-1}>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingBar active />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
