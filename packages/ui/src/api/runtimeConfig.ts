import { RUNTIME_CONFIG_PATH, readRuntimeConfig } from '@bahtdesk/contract';

/**
 * The API base address comes from `/config.json` (`{"API_URL": "..."}`, empty for the same
 * origin), read once per page. index.html preloads it so it arrives with the scripts.
 */
let base: Promise<string> | null = null;

export function apiBase(): Promise<string> {
  base ??= fetch(RUNTIME_CONFIG_PATH, { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : {}))
    .then((c: unknown) => readRuntimeConfig(c).API_URL)
    .catch(() => {
      base = null;
      return '';
    });
  return base;
}

/** Forget the cached address (tests start each case from a fresh page). */
export function resetConfig(): void {
  base = null;
}
