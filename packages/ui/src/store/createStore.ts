import { useSyncExternalStore } from 'react';
import { writeStorage } from './storage.ts';

/**
 * A small external store: one state object, patched with `setState`, read in React with
 * `useStore(store, selector)` and outside React with `getState`. An app keeps its client state in
 * one; the kit's pieces take the store (or the part of it they use) as an argument.
 */
export interface Store<S> {
  getState(): S;
  setState(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
  /** Back to `initial()` (which re-reads storage): a fresh page, as tests start each case. */
  reset(): void;
}

/** The fields whose value is a string or null: those can be kept in local storage. */
type StorableKeys<S> = { [K in keyof S]: S[K] extends string | null ? K : never }[keyof S];

export interface StoreOptions<S> {
  /**
   * Fields written to local storage (under the given key) whenever they change; null removes the
   * entry. `initial` reads them back, checking what it finds.
   */
  persist?: { readonly [K in StorableKeys<S>]?: string };
}

export function createStore<S extends object>(initial: () => S, options: StoreOptions<S> = {}): Store<S> {
  const persisted = Object.entries(options.persist ?? {}) as [keyof S, string][];
  let state = initial();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    setState(patch) {
      const next = { ...state, ...patch };
      for (const [field, key] of persisted) {
        if (next[field] !== state[field]) writeStorage(key, next[field] as string | null);
      }
      state = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      state = initial();
      notify();
    },
  };
}

/** The part of a store's state that `select` picks; the component renders again when it changes. */
export function useStore<S, T>(store: Store<S>, select: (state: S) => T): T {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
