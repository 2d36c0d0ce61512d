import { goTo } from '@bahtdesk/ui/navigation';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { TERMS, TRADER } from '../../../test/orders.ts';

/** What the quote form says and chooses before an order exists (decision 0061). */

const SELLER = {
  ...TRADER,
  bankAccounts: [
    {
      id: 8,
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
      createdAt: TRADER.createdAt,
      usableFrom: TRADER.createdAt,
    },
  ],
};

function trader(terms: object = TERMS, handlers: Record<string, Handler> = {}) {
  localStorage.setItem('token', 'member-token');
  return mockApi({
    ...publicServer(),
    ...accountServer,
    profile: () => ok(SELLER),
    getOrderTerms: () => ok(terms),
    ...handlers,
  });
}

describe('quote form terms', () => {
  it('preselects no network for a member whose only address is BEP20, and the review names the chosen one large with the warning', async () => {
    trader();
    await renderApp('/transaction?type=sell');
    await screen.findByText(/Sell rate/);
    const network = screen.getByLabelText('Network you send USDT on') as HTMLSelectElement;
    expect(network.value).toBe('');
    expect([...network.options].map((o) => o.textContent)).not.toContain('BNB Beacon Chain (BEP2)');
    await userEvent.type(screen.getByLabelText('Amount to sell (USDT)'), '150');
    await userEvent.selectOptions(screen.getByLabelText('Bank account that receives the baht'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.getAttribute('aria-invalid')).toBe('true');

    await userEvent.selectOptions(network, 'BEP20');
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const review = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(review.getByText('BNB Smart Chain (BEP20)').className).toBe('review-network__name');
    expect(review.getByText(/Send on BNB Smart Chain \(BEP20\) only/)).toBeTruthy();
    expect(review.getByText(/you have 15 min to send the USDT/)).toBeTruthy();
  });

  it('preselects the network of the last sell while the desk still takes it', async () => {
    trader({ ...TERMS, lastSellNetwork: 'SOLANA' });
    await renderApp('/transaction?type=sell');
    await waitFor(() =>
      expect((screen.getByLabelText('Network you send USDT on') as HTMLSelectElement).value).toBe('SOLANA'),
    );
  });

  it('chooses a sole address, groups the amount as typed, and says "appointment only" above the ceiling before the order', async () => {
    trader({ ...TERMS, cashDepositCeilingThb: '100000.00' });
    await renderApp('/transaction?type=buy');
    await screen.findByText(/Buy rate/);
    const destination = screen.getByLabelText('USDT address that receives the coins') as HTMLSelectElement;
    expect(destination.value).toBe('3');
    const amount = screen.getByLabelText('Amount to pay (THB)') as HTMLInputElement;
    await userEvent.type(amount, '1234567.5');
    expect(amount.value).toBe('1,234,567.5');
    expect(screen.getByText(/Above 100,000.00 THB, cash is paid only at an appointment/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const review = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(review.getByText(/Above 100,000.00 THB/)).toBeTruthy();
    expect(review.getByText(/you have 15 min to book the appointment/)).toBeTruthy();
  });

  it('starts from an empty amount when buy and sell are switched through the address', async () => {
    trader();
    await renderApp('/transaction?type=buy');
    const amount = await screen.findByLabelText('Amount to pay (THB)');
    await userEvent.type(amount, '5000');
    act(() => goTo('/transaction?type=sell'));
    const sellAmount = (await screen.findByLabelText('Amount to sell (USDT)')) as HTMLInputElement;
    expect(sellAmount.value).toBe('');
  });
});

describe('pending order bar', () => {
  const pendingOrder = {
    id: 'B261126KQMXR',
    type: 'buy',
    deadlineAt: new Date(Date.now() + 600_000).toISOString(),
  };

  it('shows the pending order with its countdown and "continue" under the top bar of the home page', async () => {
    trader({ ...TERMS, pendingOrder });
    await renderApp('/');
    const bar = within(await screen.findByRole('region', { name: 'Your open order' }));
    expect(bar.getByText('Order B261126KQMXR awaits your cash payment')).toBeTruthy();
    expect(bar.getByRole('timer')).toBeTruthy();
    expect(bar.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '#/transaction?id=B261126KQMXR',
    );
  });

  it('is not shown without a pending order', async () => {
    trader();
    await renderApp('/transaction-history');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Your open order' })).toBeNull();
  });
});
