import type { LiveEventName, ResultOf } from '@bahtdesk/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Call, CallOptions, EndpointTable } from './createApiClient.ts';

/**
 * The data layer of both front ends (decision 0042): what a screen shows of the API, by call.
 * Each read is an entry keyed by the call's name and its parameters (`queryKey`), shared by every
 * component showing it and dropped when the last one goes. A screen whose parameters change (an
 * order's id) reads another entry, so it shows loading, never the previous entity's data. Live
 * events invalidate by name: every shown entry of that call is fetched again in the background
 * (no loading bar, no dialog), at most one request in flight and one queued per entry.
 */
export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown };

/** A query's state, with `reload()` to fetch it again (after the screen changed it itself, or a retry). */
export type QueryState<T> = ApiState<T> & { reload: () => void };

export type QueryOptions<E extends EndpointTable, N extends keyof E> = Omit<
  CallOptions<E, N>,
  'signal' | 'background'
>;

export interface QuerySchedule {
  /** Fetch again in the background at this interval while the page is visible. */
  refreshMs?: number;
  /** An input known to be wrong: no call, and 'failed'. */
  skip?: boolean;
}

/** The calls each live event makes stale. */
export type StaleTable<E extends EndpointTable> = Partial<
  Record<LiveEventName, readonly (keyof E & string)[]>
>;

export interface QueriesOptions<E extends EndpointTable> {
  call: Call<E>;
  /**
   * An event stream that is open while a call it concerns is shown (the console's): each shown
   * entry listens to the events that make its call stale, and is fetched again when one arrives
   * (and after the stream reconnects, since events may have been missed).
   */
  live?: {
    on: (names: readonly LiveEventName[], listener: () => void) => () => void;
    stale: StaleTable<E>;
  };
}

export interface Queries<E extends EndpointTable> {
  /** Fetches every shown entry of these calls again, in the background. */
  invalidate(names: readonly (keyof E & string)[]): void;
  /** Fetches every shown entry again, in the background (back online, a stream that dropped). */
  invalidateAll(): void;
  /** Shows `data` for this call until its next fetch (an answer the screen already has). */
  setData<N extends keyof E & string>(name: N, options: QueryOptions<E, N>, data: ResultOf<E[N]>): void;
  /** For `useQuery`: follows the entry of `key` (made and fetched on first use); answers the unsubscribe. */
  subscribe(key: string, name: string, options: object, listener: () => void): () => void;
  /** For `useQuery`: what the entry of `key` shows. */
  state(key: string): ApiState<unknown>;
  /** For `useQuery`: fetches the entry of `key` again in the background. */
  refetch(key: string): void;
}

/** Objects with their keys sorted, so that `{ a, b }` and `{ b, a }` give one key. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The key of a read: its call's name and the parameters that select what it answers. */
export function queryKey(
  name: string,
  options: { params?: unknown; query?: unknown; body?: unknown } = {},
): string {
  return JSON.stringify([
    name,
    sorted(options.params ?? null),
    sorted(options.query ?? null),
    sorted(options.body ?? null),
  ]);
}

const LOADING = { status: 'loading' } as const;
const SKIPPED = { status: 'failed', error: null } as const;

interface Entry {
  name: string;
  options: object;
  state: ApiState<unknown>;
  listeners: Set<() => void>;
  controller: AbortController | null;
  queued: boolean;
  stopLive: () => void;
}

export function createQueries<E extends EndpointTable>({ call, live }: QueriesOptions<E>): Queries<E> {
  const entries = new Map<string, Entry>();

  const set = (entry: Entry, state: ApiState<unknown>) => {
    entry.state = state;
    for (const listener of entry.listeners) listener();
  };

  function fetchEntry(key: string, background: boolean): void {
    const entry = entries.get(key);
    if (!entry) return;
    if (entry.controller) {
      entry.queued = true;
      return;
    }
    const controller = new AbortController();
    entry.controller = controller;
    const run = call as (name: string, options: object) => Promise<unknown>;
    run(entry.name, {
      ...entry.options,
      signal: controller.signal,
      background,
      ...(background ? { dialog: false } : {}),
    })
      .then((data) => set(entry, { status: 'ready', data }))
      .catch((error: unknown) => {
        // A background failure keeps what is shown; the first one must show (offline, a page
        // would otherwise wait forever).
        if (!controller.signal.aborted && !background) set(entry, { status: 'failed', error });
      })
      .finally(() => {
        if (entry.controller !== controller) return;
        entry.controller = null;
        if (entry.queued && entries.get(key) === entry) {
          entry.queued = false;
          fetchEntry(key, true);
        }
      });
  }

  function subscribe(key: string, name: string, options: object, listener: () => void): () => void {
    let entry = entries.get(key);
    if (!entry) {
      const events = (Object.keys(live?.stale ?? {}) as LiveEventName[]).filter((event) =>
        (live?.stale[event] as readonly string[] | undefined)?.includes(name),
      );
      entry = {
        name,
        options,
        state: LOADING,
        listeners: new Set(),
        controller: null,
        queued: false,
        stopLive: () => {},
      };
      entries.set(key, entry);
      if (live && events.length > 0) entry.stopLive = live.on(events, () => fetchEntry(key, true));
      fetchEntry(key, false);
    }
    const own = entry;
    own.listeners.add(listener);
    return () => {
      own.listeners.delete(listener);
      if (own.listeners.size > 0) return;
      // Nothing shows it any more: no cache across screens, so a later visit reads it afresh.
      own.stopLive();
      own.controller?.abort();
      if (entries.get(key) === own) entries.delete(key);
    };
  }

  const refetch = (match: (entry: Entry) => boolean) => {
    for (const [key, entry] of entries) if (match(entry)) fetchEntry(key, true);
  };

  return {
    subscribe,
    state: (key) => entries.get(key)?.state ?? LOADING,
    refetch: (key) => fetchEntry(key, true),
    invalidate: (names) => refetch((entry) => (names as readonly string[]).includes(entry.name)),
    invalidateAll: () => refetch(() => true),
    setData(name, options, data) {
      const entry = entries.get(queryKey(name, options));
      if (entry) set(entry, { status: 'ready', data });
    },
  };
}

/**
 * Reads a call through `queries`: loading, then its answer (or failed), kept current by the
 * events and invalidations of its call. Each app wraps it over its own data layer (`useApi`).
 */
export function useQuery<E extends EndpointTable, N extends keyof E & string>(
  queries: Queries<E>,
  name: N,
  options: QueryOptions<E, N> = {},
  { refreshMs, skip = false }: QuerySchedule = {},
): QueryState<ResultOf<E[N]>> {
  const key = queryKey(name, options);
  // The options are read when the entry is made: the key names everything in them that selects
  // the answer (the others, such as `dialog`, are the same on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `name` and `options`
  const subscribeKey = useCallback(
    (listener: () => void) => (skip ? () => {} : queries.subscribe(key, name, options, listener)),
    [queries, key, skip],
  );
  const state = useSyncExternalStore(subscribeKey, () => (skip ? SKIPPED : queries.state(key)));
  const reload = useCallback(() => queries.refetch(key), [queries, key]);

  useEffect(() => {
    if (!refreshMs || skip) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') queries.refetch(key);
    };
    const timer = setInterval(refresh, refreshMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queries, key, refreshMs, skip]);

  return { ...(state as ApiState<ResultOf<E[N]>>), reload };
}
