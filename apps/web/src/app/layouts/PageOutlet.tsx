import { LoadingBar } from '@bahtdesk/ui/components';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../ErrorBoundary.tsx';

/**
 * The page area: skip-link target, the loading bar while a page's chunk arrives, and 'An error
 * occurred' if the page fails (cleared by the next navigation). The page on screen stays until the
 * next one is ready, so a page that waits for the connection takes nothing away. After a
 * navigation the new page starts at the top and gets the focus, so keyboard and screen-reader
 * users land on it. `hold`: the page waits (behind the loading bar) for what would appear above it.
 */
export function PageOutlet({ hold = false }: { hold?: boolean }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes (pathname)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.documentElement.scrollTop = 0;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <main id="main" ref={main} className="main" tabIndex={-1}>
      <ErrorBoundary resetKey={pathname}>
        {hold ? (
          <LoadingBar active />
        ) : (
          <Suspense fallback={<LoadingBar active />}>
            <Outlet />
          </Suspense>
        )}
      </ErrorBoundary>
    </main>
  );
}
