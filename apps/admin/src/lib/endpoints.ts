import { adminEndpoints as endpoints, isStaffAccess, type StaffRole } from '@bahtdesk/contract';
import type { RouteTable } from '@bahtdesk/ui/api';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * Method and path of every back-office endpoint, from the contract. The production build replaces
 * this module by its tables as literals (vite.config.ts), so neither zod nor the contract's
 * endpoint definitions are shipped with the API client; a form that checks its input with the
 * contract's schema imports it where it is used (`bodySchema.ts`).
 */
export const api = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
) as RouteTable<Endpoints>;

/** The staff roles each endpoint admits, as the contract declares them (the table the server enforces). */
export const roles = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, isStaffAccess(e.access) ? e.access.staff : []]),
) as { readonly [N in EndpointName]: readonly StaffRole[] };
