import type { LiveEventName } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Call, EndpointTable } from './createApiClient.ts';
import { createQueries, type Queries, queryKey, useQuery } from './queries.ts';

interface Pending {
  name: string;
  options: { params?: { id?: string }; background?: boolean };
  resolve: (value: unknown) => void;
}

/** A fake client whose calls wait until the test answers them. */
function fakeCall() {
  const calls: Pending[] = [];
  const call = ((name: string, options: Pending['options'] = {}) =>
    new Promise((resolve) => calls.push({ name, options, resolve }))) as unknown as Call<EndpointTable>;
  const answer = async (index: number, value: unknown) => {
    await act(async () => calls[index]?.resolve(value));
  };
  return { call, calls, answer };
}

/** An event stream the test fires by hand. */
function fakeStream() {
  const listeners = new Map<() => void, readonly LiveEventName[]>();
  return {
    on: (names: readonly LiveEventName[], listener: () => void) => {
      listeners.set(listener, names);
      return () => listeners.delete(listener);
    },
    fire: (name: LiveEventName) => {
      for (const [listener, names] of listeners) if (names.includes(name)) listener();
    },
    open: () => listeners.size,
  };
}

/** Shows one call's state: its answer, or 'loading' / 'failed'. */
function Show({ queries, name, id }: { queries: Queries<EndpointTable>; name: string; id?: string }) {
  const state = useQuery(queries, name, id ? { params: { id } } : {});
  return <p>{state.status === 'ready' ? String(state.data) : state.status}</p>;
}

describe('the data layer', () => {
  it('derives the key from the call and its parameters, whatever their order', () => {
    expect(queryKey('staffOrder', { params: { id: 'A' }, query: { a: 1, b: 2 } })).toBe(
      queryKey('staffOrder', { params: { id: 'A' }, query: { b: 2, a: 1 } }),
    );
    expect(queryKey('staffOrder', { params: { id: 'A' } })).not.toBe(
      queryKey('staffOrder', { params: { id: 'B' } }),
    );
    expect(queryKey('staffOrder')).not.toBe(queryKey('memberDetail'));
  });

  it('shows loading, never the previous entity, while the new id loads', async () => {
    const api = fakeCall();
    const queries = createQueries({ call: api.call });
    const view = render(<Show queries={queries} name="staffOrder" id="A" />);
    await api.answer(0, 'figures of A');
    expect(screen.getByText('figures of A')).toBeTruthy();

    view.rerender(<Show queries={queries} name="staffOrder" id="B" />);
    expect(screen.queryByText('figures of A')).toBeNull();
    expect(screen.getByText('loading')).toBeTruthy();
    expect(api.calls[1]?.options.params).toEqual({ id: 'B' });
    // A's answer arriving late (it was aborted) changes nothing under B.
    await api.answer(0, 'figures of A again');
    expect(screen.getByText('loading')).toBeTruthy();
    await api.answer(1, 'figures of B');
    expect(screen.getByText('figures of B')).toBeTruthy();
  });

  it('makes one request for two components showing the same call', async () => {
    const api = fakeCall();
    const queries = createQueries({ call: api.call });
    render(
      <>
        <Show queries={queries} name="getRate" />
        <Show queries={queries} name="getRate" />
      </>,
    );
    await api.answer(0, '35.00');
    expect(screen.getAllByText('35.00')).toHaveLength(2);
    expect(api.calls).toHaveLength(1);
  });

  it('fetches a shown call again in the background when an event makes it stale, two requests for a burst', async () => {
    const api = fakeCall();
    const stream = fakeStream();
    const queries = createQueries({
      call: api.call,
      live: { on: stream.on, stale: { 'order.updated': ['staffOrder'], 'rates.changed': ['rateHistory'] } },
    });
    const view = render(<Show queries={queries} name="staffOrder" id="A" />);
    await api.answer(0, 'request');
    act(() => stream.fire('rates.changed'));
    expect(api.calls).toHaveLength(1);

    act(() => {
      stream.fire('order.updated');
      stream.fire('order.updated');
      stream.fire('order.updated');
    });
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]?.options.background).toBe(true);
    // What is shown stays while the background request runs.
    expect(screen.getByText('request')).toBeTruthy();
    await api.answer(1, 'success');
    expect(api.calls).toHaveLength(3);
    await api.answer(2, 'success');
    expect(screen.getByText('success')).toBeTruthy();
    expect(api.calls).toHaveLength(3);

    view.unmount();
    expect(stream.open()).toBe(0);
  });

  it('invalidates by call name only what is shown', async () => {
    const api = fakeCall();
    const queries = createQueries({ call: api.call });
    const view = render(<Show queries={queries} name="getNews" />);
    await api.answer(0, 'old news');
    view.rerender(<Show queries={queries} name="getRate" />);
    await api.answer(1, '35.00');
    act(() => queries.invalidate(['getNews']));
    expect(api.calls).toHaveLength(2);
    act(() => queries.invalidate(['getRate']));
    expect(api.calls.map((c) => c.name)).toEqual(['getNews', 'getRate', 'getRate']);
  });
});
