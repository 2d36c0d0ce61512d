import type { ResultOf } from '@bahtdesk/contract';
import { useEffect, useState } from 'react';
import type { Call, CallOptions, EndpointTable } from './createApiClient.ts';

export type ApiState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

export interface UseApiSchedule {
  /** Call again in the background at this interval while the page is visible. */
  refreshMs?: number;
  /** Names what the call's options depend on: the call is made again when it changes. */
  key?: string;
  /** An input known to be wrong: no call, and 'failed'. */
  skip?: boolean;
}

/**
 * Data shown on mount, through an API client's `call`: calls an endpoint when a component shows
 * (and again when `key` changes). With `refreshMs` it is called again in the background at that
 * interval while the page is visible, and at once when the page becomes visible again. Errors go
 * through the client's global handling.
 */
export function useApi<E extends EndpointTable, N extends keyof E & string>(
  call: Call<E>,
  name: N,
  options: Omit<CallOptions<E, N>, 'signal' | 'background'> = {},
  { refreshMs, key = '', skip = false }: UseApiSchedule = {},
): ApiState<ResultOf<E[N]>> {
  const [state, setState] = useState<ApiState<ResultOf<E[N]>>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the options depend on
  useEffect(() => {
    if (skip) {
      setState({ status: 'failed' });
      return;
    }
    const controller = new AbortController();
    let background = false;
    const load = () => {
      // Read now: `background` turns true right after the first call is made, before it answers,
      // and that first call's failure must still show (offline, a page would otherwise wait forever).
      const quiet = background;
      call(name, {
        ...options,
        signal: controller.signal,
        background: quiet,
        ...(quiet ? { dialog: false } : {}),
      })
        .then((data) => setState({ status: 'ready', data }))
        .catch(() => {
          if (!controller.signal.aborted && !quiet) setState({ status: 'failed' });
        });
    };
    load();
    if (!refreshMs) return () => controller.abort();
    background = true;
    const refresh = () => {
      if (document.visibilityState === 'visible') load();
    };
    const timer = setInterval(refresh, refreshMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [call, name, key, refreshMs, skip]);

  return state;
}
