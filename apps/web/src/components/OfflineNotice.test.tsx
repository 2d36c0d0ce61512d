import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, publicServer, renderApp } from '../../test/app.tsx';

describe('offline notice', () => {
  it('appears when the browser goes offline and clears when it is back', async () => {
    mockApi(publicServer());
    await renderApp('/');
    expect(screen.queryByText(/You are offline/)).toBeNull();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });
});
