import type { ResultOf } from '@bahtdesk/contract';
import {
  type CallOptions as ClientCallOptions,
  createApiClient,
  createQueries,
  type QueryOptions,
  type QuerySchedule,
  type QueryState,
  useQuery,
} from '@bahtdesk/ui/api';
import { goTo } from '@bahtdesk/ui/navigation';
import { toMaintenance } from '../app/guard.ts';
import { api, type EndpointName, type Endpoints } from './endpoints.ts';
import { requestLanguage } from './i18n.ts';
import { clearSession, clientStore, getState, openGlobalDialog } from './store.ts';

export { ApiError } from '@bahtdesk/ui/api';
export type CallOptions<N extends EndpointName> = ClientCallOptions<Endpoints, N>;

/**
 * The member app's API client (the kit's, over the member endpoints): the token and the language
 * from the client state; body codes 500/501/502 end the session and go to /login, 997 goes to
 * /maintenance with the page to come back to and keeps the session (decision 0063), any other
 * error opens the 'Sorry for the inconvenience' dialog (docs/product.md, Member rules).
 * `call(name, options)` resolves with `result.period` and rejects with an ApiError.
 */
const client = createApiClient<Endpoints>({
  endpoints: api,
  token: () => getState().token,
  language: () => getState().language,
  acceptLanguage: requestLanguage,
  online: () => getState().online,
  pending: clientStore,
  onSessionEnded: () => {
    clearSession();
    goTo('/login');
  },
  onUnavailable: () => {
    const [path = '/', search = ''] = window.location.hash.replace(/^#/, '').split(/(?=\?)/);
    if (path !== '/maintenance') goTo(toMaintenance(path, search));
  },
  onErrorDialog: openGlobalDialog,
});

export const { call } = client;

/**
 * Data shown on a screen (the kit's data layer, decision 0042): reads keyed by the call and its
 * parameters. The public event stream (live.ts) and the member's own (memberLive.ts) invalidate
 * the calls an event names; coming back online fetches everything shown again, so a page opened
 * offline shows its data once the connection returns.
 */
export const queries = createQueries<Endpoints>({ call });

if (typeof window !== 'undefined') window.addEventListener('online', () => queries.invalidateAll());

/** `useApi(name, options, { refreshMs, skip })`: one call's data on a screen. */
export function useApi<N extends EndpointName>(
  name: N,
  options?: QueryOptions<Endpoints, N>,
  schedule?: QuerySchedule,
): QueryState<ResultOf<Endpoints[N]>> {
  return useQuery(queries, name, options, schedule);
}
