import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary', () => {
  it("shows 'An error occurred' with a way to reload and a way home when a page fails", async () => {
    const caught = vi.fn();
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
      { onCaughtError: caught },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('#/');
    expect(caught).toHaveBeenCalledTimes(1);
  });
});
