/**
 * After a deploy, an open page may ask for a chunk that no longer exists. Reload once to get the
 * new build; if the load fails again soon after, give up and let the error page show (no loop).
 */
const KEY = 'chunkReloadAt';
const QUIET_MS = 10 * 60_000;

export function shouldReload(now: number, lastReload: string | null): boolean {
  const at = Number(lastReload);
  return !lastReload || !Number.isFinite(at) || now - at > QUIET_MS;
}

export function withChunkReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
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
