import { adminEndpoints as endpoints } from '@bahtdesk/contract';
import type { RouteTable } from '@bahtdesk/ui/api';

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * Method and path of every back-office endpoint, from the contract. The console imports the
 * contract anyway (its forms check input with the same schemas as the server, and what a role
 * may do is read from each endpoint's declared access), so the table is computed, not generated.
 */
export const api = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
) as RouteTable<Endpoints>;

/** The contract's body schema of an endpoint, for a form that checks what it sends with it. */
export function bodySchema<N extends EndpointName>(name: N): NonNullable<Endpoints[N]['body']> {
  const body = endpoints[name].body;
  if (!body) throw new Error(`${name} takes no body`);
  return body as NonNullable<Endpoints[N]['body']>;
}
