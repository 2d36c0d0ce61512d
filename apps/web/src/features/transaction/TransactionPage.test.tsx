import { goTo } from '@bahtdesk/ui/navigation';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { currentPath, fail, type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { buyOrder, SELL_RECEIVE, sellOrder, TRADER, TX_HASH } from '../../../test/orders.ts';
import { queries } from '../../lib/api.ts';

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
  it("rule: a paid order names the desk's account or address it kept when placed, not the desk's settings now", async () => {
    const kept = { bankCode: 'SCB', accountNumber: '5550002222', accountName: 'BahtDesk Two Co., Ltd.' };
    trader({
      getTransaction: () =>
        ok({
          ...buyOrder('request'),
          deskBankAccount: kept,
          payment: {
            method: 'cash_deposit',
            depositAmount: '3550.00',
            depositAt: new Date().toISOString(),
            location: null,
            appointmentAt: null,
            txHash: null,
            proofUrl: null,
          },
        }),
    });
    await renderApp(`/transaction?id=${buyOrder().id}`);
    const term = await screen.findByText("Deposited into the desk's account");
    expect(term.nextElementSibling?.textContent).toBe(
      'Siam Commercial Bank 555-0-00222-2 · BahtDesk Two Co., Ltd.',
    );
  });

  it('offers the payment form with its countdown while the contract lets the member confirm', async () => {
    trader({ getTransaction: () => ok(sellOrder('pending')) });
    await renderApp(ORDER_PAGE);
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(await screen.findByLabelText('Transaction hash')).toBeTruthy();
  });

  it('shows what became of an order the member can no longer confirm, without the form', async () => {
    trader({ getTransaction: () => ok(sellOrder('request')) });
    await renderApp(ORDER_PAGE);
    expect(await screen.findByText(/The desk is checking your USDT transfer/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByLabelText('Transaction hash')).toBeNull();
  });

  it.each([
    ['success', 'is complete.'],
    ['reject', 'was rejected.'],
  ])(
    "announces the desk's decision (%s) in a sentence, not with the status chip's capitalised word",
    async (decided, ending) => {
      let status = 'request';
      trader({ getTransaction: () => ok(sellOrder(status)) });
      await renderApp(ORDER_PAGE);
      await screen.findByText(/The desk is checking your USDT transfer/);
      // The live stream brings the decision: the page reads the order again.
      status = decided;
      act(() => queries.invalidate(['getTransaction']));
      expect(await screen.findByText(`Your order ${sellOrder().id} ${ending}`)).toBeTruthy();
    },
  );

  it('reads the order again when confirm answers that its time ran out (50013): it shows expired', async () => {
    let status = 'pending';
    trader({
      getTransaction: () => ok(sellOrder(status)),
      confrimTransaction: () => {
        // The server found the deadline passed: from now on the order reads as expired.
        status = 'expired';
        return fail(50013);
      },
    });
    await renderApp(ORDER_PAGE);
    await userEvent.type(await screen.findByLabelText('Transaction hash'), TX_HASH);
    await userEvent.click(screen.getByRole('button', { name: 'I have sent the USDT: send for checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/The time to pay this order has run out/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByLabelText('Transaction hash')).toBeNull();
  });

  it("asks before the browser's Back leaves a pending order; Stay keeps the order on screen", async () => {
    trader({ getTransaction: () => ok(sellOrder('pending')) });
    await renderApp('/transaction-history');
    act(() => goTo(ORDER_PAGE));
    await screen.findByRole('timer');

    act(() => window.history.back());
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this order?' });
    await waitFor(() => expect(window.location.hash).toBe(`#${ORDER_PAGE}`));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(currentPath()).toBe(ORDER_PAGE);

    act(() => window.history.back());
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/transaction-history'));
    await waitFor(() => expect(screen.queryByRole('timer')).toBeNull());
  });

  it('asks the browser to prompt before the tab closes while the order is pending, not after', async () => {
    trader({
      getTransaction: () => ok(sellOrder('pending')),
      confrimTransaction: () => ok(sellOrder('request')),
    });
    await renderApp(ORDER_PAGE);
    await screen.findByRole('timer');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);

    await userEvent.type(await screen.findByLabelText('Transaction hash'), TX_HASH);
    await userEvent.click(screen.getByRole('button', { name: 'I have sent the USDT: send for checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText(/The desk is checking your USDT transfer/);
    expect(unload()).toBe(false);
  });
});
