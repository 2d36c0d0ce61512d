import { SNACKBAR_MS } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../store/createStore.ts';
import { Snackbar, type SnackbarState, showSnackbar } from './Snackbar.tsx';

function setup() {
  const store = createStore<SnackbarState>(() => ({ snackBarDetail: null }));
  render(<Snackbar store={store} />);
  return (message: string, kind?: 'success' | 'error') => act(() => showSnackbar(store, message, kind));
}

describe('snackbar', () => {
  it('shows a message for 3.3 s, green for success and red for errors', () => {
    vi.useFakeTimers();
    const show = setup();
    show('Saved', 'success');
    expect(screen.getByText('Saved').dataset.kind).toBe('success');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 1));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(SNACKBAR_MS).toBe(3300);

    show('Failed', 'error');
    expect(screen.getByText('Failed').dataset.kind).toBe('error');
  });

  it('gives a new message its own 3.3 s', () => {
    vi.useFakeTimers();
    const show = setup();
    show('First');
    act(() => vi.advanceTimersByTime(3000));
    show('Second');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Second')).toBeNull();
  });
});
