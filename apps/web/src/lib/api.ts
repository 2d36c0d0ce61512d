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
import { requestLanguage } from './i18n.ts';
import { useLiveVersion } from './live.ts';
import { useReconnects } from './reconnect.ts';
import { clearSession, clientStore, getState, openGlobalDialog } from './store.ts';

export { ApiError } from '@bahtdesk/ui/api';
export type CallOptions<N extends EndpointName> = ClientCallOptions<Endpoints, N>;

/**
 * The member app's API client (the kit's, over the member endpoints): the token and the language
 * from the client state; body codes 500/501/502 end the session and go to /login, 997 to
 * /maintenance, any other error opens the 'Sorry for the inconvenience' dialog (docs/product.md,
 * Member rules). `call(name, options)` resolves with `result.period` and rejects with an ApiError.
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
    clearSession();
    goTo('/maintenance');
  },
  onErrorDialog: openGlobalDialog,
});

export const { call } = client;

/**
 * Data shown on mount: `useApi(name, options, { refreshMs, key, skip })` (the kit's useApi), made
 * again when the server says its data changed (live.ts) and when the browser comes back online
 * (reconnect.ts), so a page opened offline shows its data once the connection returns.
 */
export function useApi<N extends EndpointName>(
  name: N,
  options?: Omit<CallOptions<N>, 'signal' | 'background'>,
  schedule?: UseApiSchedule,
): ApiState<ResultOf<Endpoints[N]>> {
  const live = useLiveVersion(name);
  const reconnects = useReconnects();
  return useClientApi(call, name, options, {
    ...schedule,
    key: `${schedule?.key ?? ''}#${live}#${reconnects}`,
  });
}
