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
import { api, type EndpointName, type Endpoints } from './endpoints.ts';
import { closeLiveEvents, onLiveEvents } from './live.ts';
import { adminStore, clearSession, getState, setState } from './store.ts';

export { ApiError, type QueryState } from '@bahtdesk/ui/api';
export type CallOptions<N extends EndpointName> = ClientCallOptions<Endpoints, N>;

/**
 * The console's API client (the kit's, over the admin endpoints) with the staff bearer token:
 * 500/501/502 end the staff session and go back to sign-in; any other error opens the error
 * dialog unless the caller shows it itself (`dialog: false`). Staff calls are not stopped by
 * maintenance, so 997 is shown like any other error.
 */
const client = createApiClient<Endpoints>({
  endpoints: api,
  token: () => getState().token,
  language: () => getState().language,
  pending: adminStore,
  onSessionEnded: () => {
    closeLiveEvents();
    clearSession();
    goTo('/sign-in');
  },
  onUnavailable: () => setState({ dialogMessage: '' }),
  onErrorDialog: (message) => setState({ dialogMessage: message }),
});

export const { call } = client;

/**
 * Data shown on a screen (the kit's data layer, decision 0042): `useApi(name, options)` reads a
 * call keyed by its name and parameters, and stays current through the console's event stream:
 * each event below fetches again, in the background, every shown read of the calls it names.
 */
export const queries = createQueries<Endpoints>({
  call,
  live: {
    on: onLiveEvents,
    stale: {
      'order.updated': [
        'staffOrder',
        'orderQueue',
        'dashboard',
        'memberLevel',
        'payoutApproval',
        'payoutsAwaiting',
        'waiting',
      ],
      'kyc.updated': [
        'kycSubmission',
        'kycQueue',
        'memberDetail',
        'searchMembers',
        'dashboard',
        'memberLevel',
        'waiting',
      ],
      'members.changed': [
        'memberDetail',
        'searchMembers',
        'dashboard',
        'memberLevel',
        'memberRisk',
        'orderQueue',
        'incomeProofQueue',
        'incomeProof',
        'memberIncomeProofs',
        'waiting',
      ],
      'rates.changed': ['rateHistory', 'rateProposals', 'dashboard'],
      'settings.changed': ['getSettings'],
      'proposals.changed': ['changeProposals', 'getSettings', 'listStaff', 'dashboard'],
      'news.changed': ['listNews'],
      'pages.changed': ['listPages'],
    },
  },
});

export function useApi<N extends EndpointName>(
  name: N,
  options?: QueryOptions<Endpoints, N>,
  schedule?: QuerySchedule,
): QueryState<ResultOf<Endpoints[N]>> {
  return useQuery(queries, name, options, schedule);
}
