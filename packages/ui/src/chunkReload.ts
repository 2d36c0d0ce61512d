/**
 * A page or dialog whose code is not loaded yet may fail to load for two reasons:
 * - offline: keep the current page (nothing typed is lost), say so in the offline notice, and load
 *   it again as soon as the browser is back online;
 * - online, after a deploy: the chunk no longer exists. Reload once to get the new build; if the
 *   load fails again soon after, give up and let the error page show (no loop).
 */
const KEY = 'chunkReloadAt';
const QUIET_MS = 10 * 60_000;

export function shouldReload(now: number, lastReload: string | null): boolean {
  const at = Number(lastReload);
  return !lastReload || !Number.isFinite(at) || now - at > QUIET_MS;
}

let waiting = 0;
const listeners = new Set<() => void>();

function setWaiting(delta: number): void {
  waiting += delta;
  for (const listener of listeners) listener();
}

/** How many pages or dialogs wait for the connection to load (for the offline notice). */
export const chunksWaitingOnline = (): number => waiting;

export function subscribeChunksWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const whenOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

export function withChunkReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (!navigator.onLine) {
      setWaiting(1);
      await whenOnline();
      setWaiting(-1);
      return withChunkReload(load);
    }
    let last: string | null = null;
    try {
      last = sessionStorage.getItem(KEY);
    } catch {
      throw error;
    }
    if (!shouldReload(Date.now(), last)) throw error;
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
    return new Promise<T>(() => {});
  });
}
