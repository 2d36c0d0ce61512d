import { useEffect, useSyncExternalStore } from 'react';

/**
 * Coming back online (decision 0033): a page opened offline shows its offline state, and what
 * it could not load is loaded again once the browser says it is online, without a reload.
 */
let reconnects = 0;
const listeners = new Set<() => void>();
let watching = false;

function subscribe(listener: () => void): () => void {
  // One window listener for the whole app, so the count goes up once per reconnection.
  if (!watching && typeof window !== 'undefined') {
    watching = true;
    window.addEventListener('online', () => {
      reconnects += 1;
      for (const l of listeners) l();
    });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times the browser came back online since the app started. */
function useReconnects(): number {
  return useSyncExternalStore(subscribe, () => reconnects);
}

/** Calls `reload` each time the browser comes back online. */
export function useOnReconnect(reload: () => void): void {
  const count = useReconnects();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per reconnection, not when `reload` changes
  useEffect(() => {
    if (count > 0) reload();
  }, [count]);
}
