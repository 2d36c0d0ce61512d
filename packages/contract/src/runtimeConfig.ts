/**
 * `GET /config.json`: what a browser needs to know of the server's configuration at run time,
 * made by the server from its environment (never built into the bundle). Only public values
 * belong here: anything in it is readable by every visitor.
 */
export const RUNTIME_CONFIG_PATH = '/config.json';

export interface RuntimeConfig {
  /** Base address of the API without a trailing slash; '' means the page's own origin. */
  readonly API_URL: string;
}

/** The config as a browser reads it: anything unexpected means the same origin. */
export function readRuntimeConfig(value: unknown): RuntimeConfig {
  const url = (value as { API_URL?: unknown } | null)?.API_URL;
  return { API_URL: typeof url === 'string' ? url.replace(/\/+$/, '') : '' };
}
