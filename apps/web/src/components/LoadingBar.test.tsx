import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Envelope, mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';

describe('loading bar', () => {
  it('shows progress while a request is in flight and goes when it has answered', async () => {
    let answer: (envelope: Envelope) => void = () => {};
    mockApi({
      ...publicServer(),
      getNews: () =>
        new Promise<Envelope>((resolve) => {
          answer = resolve;
        }),
    });
    await renderApp('/news');
    const bar = await screen.findByRole('progressbar', { name: 'Loading…' });
    expect(bar).toBeTruthy();

    answer(ok({ items: [] }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
