import type { ResultOf } from '@bahtdesk/contract';
import { useEffect, useState } from 'react';
import { type CallOptions, call } from './api.ts';
import type { EndpointName, Endpoints } from './endpoints.ts';

export type ApiState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * Calls an endpoint when a component shows (and again when `key` changes). With `refreshMs` it is
 * called again in the background at that interval while the page is visible, and at once when
 * the page becomes visible again. Errors go through the API client's global handling. `skip`
 * (an input known to be wrong) makes no call and reports 'failed'.
 */
export function useApi<N extends EndpointName>(
  name: N,
  options: Omit<CallOptions<N>, 'signal' | 'background'> = {},
  { refreshMs, key = '', skip = false }: { refreshMs?: number; key?: string; skip?: boolean } = {},
): ApiState<ResultOf<Endpoints[N]>> {
  const [state, setState] = useState<ApiState<ResultOf<Endpoints[N]>>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the options depend on
  useEffect(() => {
    if (skip) {
      setState({ status: 'failed' });
      return;
    }
    const controller = new AbortController();
    let background = false;
    const load = () => {
      call(name, {
        ...options,
        signal: controller.signal,
        background,
        ...(background ? { dialog: false } : {}),
      })
        .then((data) => setState({ status: 'ready', data }))
        .catch(() => {
          if (!controller.signal.aborted && !background) setState({ status: 'failed' });
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
  }, [name, key, refreshMs, skip]);

  return state;
}
