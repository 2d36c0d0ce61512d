import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { sellOrder, TERMS, TRADER } from '../../../test/orders.ts';
import { lazyPages } from '../../app/pages.ts';
import { getState } from '../../lib/store.ts';

function trader(handlers: Record<string, Handler>) {
  localStorage.setItem('token', 'member-token');
  return mockApi({ ...publicServer(), ...accountServer, profile: () => ok(TRADER), ...handlers });
}

const DETAIL = `/transaction-history?id=${sellOrder().id}`;

describe('history detail', () => {
  it('shows the time left to pay beside "continue" on an order the member can still confirm', async () => {
    trader({ getTransaction: () => ok(sellOrder('pending')) });
    await renderApp(DETAIL);
    const link = await screen.findByRole('link', { name: 'Continue this order' });
    expect(link.getAttribute('href')).toBe(`#/transaction?id=${sellOrder().id}`);
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('offers neither "continue" nor a countdown once the order has moved on', async () => {
    trader({ getTransaction: () => ok(sellOrder('request')) });
    await renderApp(DETAIL);
    await screen.findAllByText('Being checked');
    expect(screen.queryByRole('link', { name: 'Continue this order' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('history list', () => {
  it('shows the page only once the pending-order bar is known, so the bar never pushes the page down (CLS 0)', async () => {
    let answer: (envelope: ReturnType<typeof ok>) => void = () => undefined;
    trader({
      getOrderTerms: () => new Promise((resolve) => (answer = resolve)),
      getTransactionList: () => ok({ items: [], total: 0, from: '2026-11-01', to: '2026-11-30' }),
    });
    await renderApp('/transaction-history');
    await waitFor(() => expect(getState().profile).not.toBeNull());
    // The page's code is there: only the hold keeps it off the screen.
    await act(() => lazyPages.history.load());
    expect(screen.queryByRole('heading', { level: 1, name: 'Transaction history' })).toBeNull();
    const pendingOrder = { id: 'B-1', type: 'buy', deadlineAt: new Date(Date.now() + 600_000).toISOString() };
    await act(async () => answer(ok({ ...TERMS, pendingOrder })));
    const title = await screen.findByRole('heading', { level: 1, name: 'Transaction history' });
    const bar = screen.getByRole('region', { name: 'Your open order' });
    expect(bar.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [1, '1 order'],
    [2, '2 orders'],
  ])('counts %i listed order(s) in English with the noun in the right number', async (total, said) => {
    // The total counts every page; the first page holds one of them.
    const items = [sellOrder('success')];
    trader({ getTransactionList: () => ok({ items, total, from: '2026-11-01', to: '2026-11-30' }) });
    await renderApp('/transaction-history');
    const summary = await screen.findByText((_, element) =>
      /^1 Nov 2026 to 30 Nov 2026 · /.test(element?.textContent ?? ''),
    );
    expect(summary.textContent).toBe(`1 Nov 2026 to 30 Nov 2026 · ${said}`);
  });
});

describe('history filters', () => {
  const list = () => ok({ items: [], total: 0, from: '2026-11-01', to: '2026-11-30' });
  const lastList = (requests: { path: string; body: unknown }[]) =>
    requests.filter((r) => r.path.endsWith('/getTransactionList')).at(-1)?.body;

  it('rule: a filter applies as soon as it changes, with no separate apply step', async () => {
    const { requests } = trader({ getTransactionList: list });
    await renderApp('/transaction-history');
    await screen.findByText('No orders in this period.');
    expect(screen.queryByRole('button', { name: /apply/i })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'sell');
    await waitFor(() => expect(lastList(requests)).toMatchObject({ type: 'sell', page: 1 }));
  });

  it('rule: a custom range applies once both dates are typed, read in the era the page shows', async () => {
    localStorage.setItem('token', 'member-token');
    localStorage.setItem('forceLanguage', 'th');
    const { requests } = mockApi({
      ...publicServer('th'),
      ...accountServer,
      profile: () => ok(TRADER),
      getTransactionList: list,
    });
    await renderApp('/transaction-history?filter=custom');
    // The Thai labels carry the invisible marks of thai-terms.ts: the fields are found by the Thai format.
    const [from, to] = await screen.findAllByPlaceholderText('วว/ดด/ปปปป');
    if (!from || !to) throw new Error('the custom range has two date fields');
    await userEvent.type(from, '1/11/2569');
    expect(lastList(requests)).not.toMatchObject({ startDate: '2026-11-01' });
    await userEvent.type(to, '15/11/2569');
    await waitFor(() =>
      expect(lastList(requests)).toMatchObject({
        filter: 'custom',
        startDate: '2026-11-01',
        endDate: '2026-11-15',
      }),
    );
  });
});
