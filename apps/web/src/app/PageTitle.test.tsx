import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';
import { pageOf } from './PageTitle.tsx';

describe('each page has its own tab title', () => {
  it('names the page of every route, home none and unknown routes not found', () => {
    expect(pageOf('/')).toBeUndefined();
    expect(pageOf('/sign-up')).toBe('signUp');
    expect(pageOf('/news/12')).toBe('news');
    expect(pageOf('/transaction-history.vue')).toBe('history');
    expect(pageOf('/no-such-page')).toBe('notFound');
    expect(pageOf('/news/no/such/page')).toBe('notFound');
    expect(pageOf('/account/extra')).toBe('notFound');
  });

  it('titles the tab "<page> - BahtDesk" in English', async () => {
    mockApi(publicServer('us'));
    await renderApp('/sign-up');
    await waitFor(() => expect(document.title).toBe('Sign up - BahtDesk'));
  });

  it('titles the tab in Thai when the app is in Thai', async () => {
    mockApi(publicServer('th'));
    await renderApp('/login');
    await waitFor(() => expect(document.title).toBe('เข้าสู่ระบบ - BahtDesk'));
  });

  it("titles a news article with its own title, the list's until it loads", async () => {
    const item = {
      id: 7,
      title: { en: 'Cash only', th: 'เงินสดเท่านั้น' },
      body: { en: '<p>Cash.</p>', th: '<p>เงินสด</p>' },
      publishedAt: '2026-11-21T17:30:00.000Z',
    };
    mockApi({ ...publicServer('us'), getNews: () => ok({ items: [item] }) });
    await renderApp('/news/7');
    await waitFor(() => expect(document.title).toBe('Cash only - BahtDesk'));
  });

  it('titles home with the app name and what it does', async () => {
    mockApi(publicServer('us'));
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe('BahtDesk: buy and sell USDT with Thai baht'));
  });
});
