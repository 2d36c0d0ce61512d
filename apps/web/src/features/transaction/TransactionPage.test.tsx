import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { SELL_RECEIVE, sellOrder, TRADER } from '../../../test/orders.ts';

function trader(handlers: Record<string, Handler> = {}) {
  localStorage.setItem('token', 'member-token');
  return mockApi({
    ...publicServer(),
    ...accountServer,
    profile: () => ok(TRADER),
    getReceivePayment: () => ok(SELL_RECEIVE),
    ...handlers,
  });
}

const ORDER_PAGE = `/transaction?id=${sellOrder().id}`;

describe('order page', () => {
  it('offers the payment form with its countdown while the contract lets the member confirm', async () => {
    trader({ getTransaction: () => ok(sellOrder('pending')) });
    await renderApp(ORDER_PAGE);
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(await screen.findByLabelText('Transaction hash')).toBeTruthy();
  });

  it('shows what became of an order the member can no longer confirm, without the form', async () => {
    trader({ getTransaction: () => ok(sellOrder('request')) });
    await renderApp(ORDER_PAGE);
    expect(await screen.findByText(/The desk is checking your payment/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByLabelText('Transaction hash')).toBeNull();
  });
});
