import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/reports.json';
import { rangeProblem } from './ReportsPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the reports page', () => {
  it('refuses a range that ends before it starts or spans over 366 days, without asking the server', () => {
    expect(rangeProblem('2026-02-10', '2026-02-01')).toBe('order');
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('long');
    expect(rangeProblem('2025-01-02', '2026-01-02')).toBeNull();
    expect(rangeProblem('', '2026-01-02')).toBe('missing');
  });

  it('downloads the orders or the totals of the chosen Bangkok days, and shows a refusal in the page language', async () => {
    const api = mockApi({ me: () => ok(profile('viewer')) });
    await renderConsole('/reports', 'tok');
    await screen.findByRole('heading', { name: t.title });
    const from = screen.getByLabelText(t.from);
    const to = screen.getByLabelText(t.to);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: t.orders }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.problem.order);
    expect(api.called('ordersReport')).toEqual([]);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-25');
    const urls: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    // The stub answers the reports; the console's live stream (/api/admin/events) may also call
    // fetch meanwhile, and is answered with nothing.
    let refuse = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (!url.includes('/api/admin/reports/')) return new Response(null, { status: 204 });
      urls.push(url);
      if (refuse) {
        return new Response(JSON.stringify({ code: 60001, message: 'x', result: null }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.click(screen.getByRole('button', { name: t.totals }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toMatch(/\/api\/admin\/reports\/orders\.csv\?from=2026-11-01&to=2026-11-25&kind=totals$/);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: t.orders }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect report request. Please check the date range.',
    );
  });
});
