import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Envelope, mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';

const bar = () => document.querySelector('.loading-bar');

describe('loading bar', () => {
  it('shows while a request is in flight, hidden from assistive technology, and goes when it has answered', async () => {
    let answer: (envelope: Envelope) => void = () => {};
    mockApi({
      ...publicServer(),
      getNews: () =>
        new Promise<Envelope>((resolve) => {
          answer = resolve;
        }),
    });
    await renderApp('/news');
    await waitFor(() => expect(bar()).not.toBeNull());
    expect(bar()?.getAttribute('aria-hidden')).toBe('true');

    answer(ok({ items: [] }));
    await waitFor(() => expect(bar()).toBeNull());
  });
});
