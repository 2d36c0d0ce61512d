/**
 * Registers the service worker (decision 0033) once the first page has loaded, a few seconds have
 * passed and the browser is idle: its precache (the rest of the app, about 0.8 MB) then never
 * competes with the page the member opened for the network or the processor of a slow phone.
 */
const AFTER_LOAD_MS = 3_000;

export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, an old browser): the app works as before, online only.
    });
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
      else register();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
