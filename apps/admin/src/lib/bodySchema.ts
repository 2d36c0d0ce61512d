import { adminEndpoints as endpoints } from '@bahtdesk/contract';
import type { EndpointName, Endpoints } from './endpoints.ts';

/** The contract's body schema of an endpoint, for a form that checks what it sends with it. */
export function bodySchema<N extends EndpointName>(name: N): NonNullable<Endpoints[N]['body']> {
  const body = endpoints[name].body;
  if (!body) throw new Error(`${name} takes no body`);
  return body as NonNullable<Endpoints[N]['body']>;
}
