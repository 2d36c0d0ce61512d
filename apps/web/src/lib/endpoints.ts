import { memberEndpoints as endpoints } from '@bahtdesk/contract';
import type { RouteTable } from '@bahtdesk/ui/api';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * Method and path of every endpoint, from the contract. The production build replaces this
 * module by the same table as a literal (vite.config.ts), so zod is not shipped with it.
 */
export const api = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
) as RouteTable<Endpoints>;
