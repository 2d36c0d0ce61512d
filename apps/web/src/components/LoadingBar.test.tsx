import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Envelope, mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';

const bar = () => document.querySelector('.loading-bar');

describe('loading bar', () => {
  it('shows while a request is in flight, hidden from assistive technology, and goes when it has answered', async () => {
    let answer: (envelope: Envelope) => void = () => {};
    const { requests } = mockApi({
      ...publicServer(),
      getNews: () =>
        new Promise<Envelope>((resolve) => {
          answer = resolve;
        }),
    });
    await renderApp('/news');
    // The news request is unanswered (the page's chunk may show the bar a moment before it starts).
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/getNews'))).toBe(true));
    await waitFor(() => expect(bar()).not.toBeNull());
    expect(bar()?.getAttribute('aria-hidden')).toBe('true');

    answer(ok({ items: [] }));
    await waitFor(() => expect(bar()).toBeNull());
  });
});
