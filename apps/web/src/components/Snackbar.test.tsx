import { SNACKBAR_MS } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showSnackbar } from '../lib/store.ts';
import { Snackbar } from './Snackbar.tsx';

describe('snackbar', () => {
  it('shows a message for 3.3 s, green for success and red for errors', () => {
    vi.useFakeTimers();
    render(<Snackbar />);
    act(() => showSnackbar('Saved', 'success'));
    expect(screen.getByText('Saved').dataset.kind).toBe('success');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 1));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(SNACKBAR_MS).toBe(3300);

    act(() => showSnackbar('Failed', 'error'));
    expect(screen.getByText('Failed').dataset.kind).toBe('error');
  });

  it('gives a new message its own 3.3 s', () => {
    vi.useFakeTimers();
    render(<Snackbar />);
    act(() => showSnackbar('First'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => showSnackbar('Second'));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Second')).toBeNull();
  });
});
