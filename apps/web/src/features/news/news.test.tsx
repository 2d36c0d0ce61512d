import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { setState } from '../../lib/store.ts';

const ITEM = {
  id: 7,
  title: { en: 'Cash only', th: 'เงินสดเท่านั้น' },
  body: {
    en: '<p>Deposits are <strong>cash</strong> only.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
    th: '<p>รับเงินสดเท่านั้น</p>',
  },
  publishedAt: '2026-11-21T17:30:00.000Z',
};

describe('news', () => {
  it('lists news with Bangkok dates and links to each article', async () => {
    mockApi({ ...publicServer(), getNews: () => ok({ items: [ITEM] }) });
    await renderApp('/news');
    const link = await screen.findByRole('link', { name: 'Cash only' });
    expect(link.getAttribute('href')).toBe('#/news/7');
    // 17:30 UTC on the 21st is already the 22nd in Bangkok
    expect(screen.getByText('22 Nov 2026')).toBeTruthy();
  });

  it('shows an article with its HTML sanitised', async () => {
    mockApi({ ...publicServer(), getNews: (r) => ok({ items: r.query.get('id') === '7' ? [ITEM] : [] }) });
    await renderApp('/news/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash only' })).toBeTruthy();
    expect(screen.getByText('cash').tagName).toBe('STRONG');
    const body = document.querySelector('.prose');
    expect(body?.innerHTML).not.toContain('onerror');
    expect(body?.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('says so when an article does not exist', async () => {
    mockApi({ ...publicServer(), getNews: () => ok({ items: [] }) });
    await renderApp('/news/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'News not found' })).toBeTruthy();
  });

  it('offline, says so rather than "not found", and shows the article once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let up = false;
    mockApi({
      ...publicServer(),
      getNews: () => {
        if (!up) throw new TypeError('Failed to fetch');
        return ok({ items: [ITEM] });
      },
    });
    await renderApp('/news/7');
    expect(await screen.findByText('You are offline. This shows when you are back online.')).toBeTruthy();
    expect(screen.queryByText('News not found')).toBeNull();
    up = true;
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash only' })).toBeTruthy();
  });

  it('keeps a Thai compound of a staff-written title whole on a line, and its accessible name reads as written', async () => {
    const title = 'ประกาศวันหยุดนักขัตฤกษ์';
    mockApi({
      ...publicServer(),
      getNews: () => ok({ items: [{ ...ITEM, title: { en: 'Holiday notice', th: title } }] }),
    });
    await renderApp('/news');
    await act(async () => setState({ language: 'th' }));
    const link = await screen.findByRole('link', { name: title });
    expect(link.querySelector('.thai-term')?.textContent).toBe('นักขัตฤกษ์');
    expect(link.textContent).toBe(title);
    expect(/[\u2060\u200b]/.test(link.textContent ?? '')).toBe(false);
  });
});
