import type { ResultOf } from '@bahtdesk/contract';
import {
  type ApiState,
  type CallOptions as ClientCallOptions,
  createApiClient,
  type UseApiSchedule,
  useApi as useClientApi,
} from '@bahtdesk/ui/api';
import { goTo } from '@bahtdesk/ui/navigation';
import { api, type EndpointName, type Endpoints } from './endpoints.ts';
import { closeLiveEvents } from './live.ts';
import { adminStore, clearSession, getState, setState } from './store.ts';

export { ApiError } from '@bahtdesk/ui/api';
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

/** Data shown on mount: `useApi(name, options, { key, skip })` (the kit's useApi over this client). */
export function useApi<N extends EndpointName>(
  name: N,
  options?: Omit<CallOptions<N>, 'signal' | 'background'>,
  schedule?: UseApiSchedule,
): ApiState<ResultOf<Endpoints[N]>> {
  return useClientApi(call, name, options, schedule);
}
