import { memberEndpoints as endpoints } from '@bahtdesk/contract';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type Route = { readonly method: 'GET' | 'POST'; readonly path: string };

/**
 * Method and path of every endpoint, from the contract. The production build replaces this
 * module by the same table as a literal (vite.config.ts), so zod is not shipped with it.
 */
export const api = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
) as Record<EndpointName, Route>;
