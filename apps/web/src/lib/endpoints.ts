import { memberEndpoints as endpoints, memberLiveEndpoints, publicLiveEndpoints } from '@bahtdesk/contract';
import type { RouteTable } from '@bahtdesk/ui/api';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * Method and path of every endpoint, from the contract. The production build replaces this
 * module by the same tables as literals (vite.config.ts), so neither zod nor the contract's
 * endpoint definitions are shipped with it.
 */
export const api = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
) as RouteTable<Endpoints>;

/** The paths of the event streams the app opens (not calls of the API client). */
export const streams = {
  publicEvents: publicLiveEndpoints.publicEvents.path,
  memberEvents: memberLiveEndpoints.memberEvents.path,
};
