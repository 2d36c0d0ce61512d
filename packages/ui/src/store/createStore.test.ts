import { describe, expect, it, vi } from 'vitest';
import { createStore } from './createStore.ts';
import { readStorage } from './storage.ts';

interface State {
  token: string | null;
  count: number;
}

const initial = (): State => ({ token: readStorage('token'), count: 0 });

describe('store', () => {
  it('patches the state and tells its listeners', () => {
    const store = createStore(initial);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.setState({ count: 2 });
    expect(store.getState()).toEqual({ token: null, count: 2 });
    expect(listener).toHaveBeenCalledOnce();
    stop();
    store.setState({ count: 3 });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the persisted fields in local storage, and reset reads them back', () => {
    const store = createStore(initial, { persist: { token: 'token' } });
    store.setState({ token: 'abc', count: 5 });
    expect(localStorage.getItem('token')).toBe('abc');
    store.reset();
    expect(store.getState()).toEqual({ token: 'abc', count: 0 });
    store.setState({ token: null });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
