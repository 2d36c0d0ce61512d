import type { LiveEventName, ResultOf } from '@bahtdesk/contract';
import type { ApiState } from '@bahtdesk/ui/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CallOptions, call } from './api.ts';
import type { EndpointName, Endpoints } from './endpoints.ts';
import { onLiveEvents } from './live.ts';

export interface LiveSchedule {
  /** Events that change what the call shows: it is fetched again in the background when one arrives. */
  refreshOn?: readonly LiveEventName[];
  /** Names what the options depend on (a page, a filter): the call is made again when it changes. */
  key?: string;
}

export type LiveState<T> = ApiState<T> & { reload: () => void };

/**
 * Data shown on mount that stays current: loaded when the component shows and when `key` changes
 * (keeping the data shown meanwhile), and again in the background (no loading bar, no dialog) when
 * one of `refreshOn` arrives, with at most one request in flight and one queued, so a burst of
 * events costs two requests. `reload()` fetches it again after the page changed it itself.
 */
export function useLiveApi<N extends EndpointName>(
  name: N,
  options: Omit<CallOptions<N>, 'signal' | 'background'> = {},
  { refreshOn = [], key = '' }: LiveSchedule = {},
): LiveState<ResultOf<Endpoints[N]>> {
  const [state, setState] = useState<ApiState<ResultOf<Endpoints[N]>>>({ status: 'loading' });
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const reloadRef = useRef<() => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the options depend on
  useEffect(() => {
    const controller = new AbortController();
    let inFlight = false;
    let queued = false;
    const load = (background: boolean) => {
      if (inFlight) {
        queued = true;
        return;
      }
      inFlight = true;
      call(name, {
        ...optionsRef.current,
        signal: controller.signal,
        background,
        ...(background ? { dialog: false } : {}),
      })
        .then((data) => setState({ status: 'ready', data }))
        .catch(() => {
          if (!controller.signal.aborted && !background) setState({ status: 'failed' });
        })
        .finally(() => {
          inFlight = false;
          if (queued && !controller.signal.aborted) {
            queued = false;
            load(true);
          }
        });
    };
    load(false);
    reloadRef.current = () => load(true);
    const stop = refreshOn.length > 0 ? onLiveEvents(refreshOn, () => load(true)) : () => {};
    return () => {
      controller.abort();
      stop();
    };
  }, [name, key, refreshOn.join(',')]);

  const reload = useCallback(() => reloadRef.current(), []);
  return { ...state, reload } as LiveState<ResultOf<Endpoints[N]>>;
}
