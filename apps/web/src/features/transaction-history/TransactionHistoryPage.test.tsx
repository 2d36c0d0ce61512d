import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { sellOrder, TRADER } from '../../../test/orders.ts';

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
