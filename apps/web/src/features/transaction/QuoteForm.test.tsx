import { E } from '@bahtdesk/contract';
import { formatDateTime } from '@bahtdesk/ui/format';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import {
  currentPath,
  fail,
  type Handler,
  mockApi,
  ok,
  publicServer,
  RATES,
  renderApp,
  wholeText,
} from '../../../test/app.tsx';
import { buyOrder, TRADER } from '../../../test/orders.ts';
import { setState } from '../../lib/store.ts';

function trader(profile: object, handlers: Record<string, Handler> = {}) {
  localStorage.setItem('token', 'member-token');
  return mockApi({ ...publicServer(), ...accountServer, profile: () => ok(profile), ...handlers });
}

const ADDRESS = /^BNB Smart Chain \(BEP20\) · Main/;

describe('quote form', () => {
  it('shows the new rate after a rate change (50017) and asks again, placing with a new key', async () => {
    let changed = false;
    const { requests } = trader(TRADER, {
      getRate: () => ok(changed ? { ...RATES, buyRate: '36.00' } : RATES),
      createTransaction: () => {
        if (changed) return ok(buyOrder());
        changed = true;
        return fail(50017);
      },
    });
    await renderApp('/transaction?type=buy');
    await screen.findByText(wholeText(/Buy rate: 35\.50 THB per USDT/));
    await userEvent.type(screen.getByLabelText('Amount to pay (THB)'), '3550');
    const destination = screen.getByLabelText('USDT address that receives the coins');
    await userEvent.selectOptions(destination, screen.getByRole('option', { name: ADDRESS }));
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    let review = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(review).getByText(wholeText(/at 35\.50 THB per USDT/))).toBeTruthy();
    await userEvent.click(within(review).getByRole('button', { name: 'Place order' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/The rate has changed/);
    await screen.findByText(wholeText(/Buy rate: 36\.00 THB per USDT/));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    review = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(review).getByText(wholeText(/at 36\.00 THB per USDT/))).toBeTruthy();
    await userEvent.click(within(review).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(currentPath()).toBe(`/transaction?id=${buyOrder().id}`));
    const creates = requests.filter((r) => r.path.endsWith('/createTransaction'));
    expect(creates.map((r) => (r.body as { rate: string }).rate)).toEqual(['35.50', '36.00']);
    const [first, second] = creates.map((r) => r.headers['Idempotency-Key']);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('disables a payout address still in its cooling-off period and says from when it is usable', async () => {
    const usableFrom = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const fresh = { ...TRADER.usdtAddresses[0], id: 4, nickname: 'New', usableFrom };
    trader({ ...TRADER, usdtAddresses: [...TRADER.usdtAddresses, fresh] });
    await renderApp('/transaction?type=buy');
    const waiting = await screen.findByRole('option', { name: /· New ·/ });
    expect((waiting as HTMLOptionElement).disabled).toBe(true);
    expect(waiting.textContent).toContain(`(usable from ${formatDateTime(usableFrom, 'en')})`);
    expect((screen.getByRole('option', { name: ADDRESS }) as HTMLOptionElement).disabled).toBe(false);
    expect(screen.getByText(/can receive payouts from the time shown/)).toBeTruthy();
  });

  it('when every saved bank account is cooling off, says from when one is usable and offers another, in English and Thai', async () => {
    const usableFrom = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const later = new Date(Date.now() + 9 * 3_600_000).toISOString();
    const account = (id: number, from: string) => ({
      id,
      bankCode: 'SCB',
      accountNumber: `12345678${id}0`,
      accountName: 'Somchai Jaidee',
      createdAt: TRADER.createdAt,
      usableFrom: from,
    });
    trader({ ...TRADER, bankAccounts: [account(8, later), account(9, usableFrom)] });
    await renderApp('/transaction?type=sell');
    const select = await screen.findByLabelText('Bank account that receives the baht');
    const waiting = await screen.findByText(/^Your bank account can receive baht from /);
    expect(waiting.textContent).toContain(formatDateTime(usableFrom, 'en'));
    expect(select.getAttribute('aria-describedby')).toBe(waiting.parentElement?.id);
    const other = screen.getByRole('link', { name: 'Use another bank account' });
    expect(other.getAttribute('href')).toBe('#/account?action=openBankAccounts');
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    // The amount may say "Please fill in this field."; the account field says why it has no choice.
    const field = select.parentElement as HTMLElement;
    expect(within(field).queryByText('Please fill in this field.')).toBeNull();
    expect(within(field).getByText(/can receive baht from/)).toBeTruthy();
    await act(async () => setState({ language: 'th' }));
    const th = await screen.findByText(/^บัญชีธนาคารของคุณจะรับเงินได้ตั้งแต่ /);
    expect(th.textContent).toContain(formatDateTime(usableFrom, 'th'));
    expect(screen.getByRole('link', { name: 'ใช้บัญชีธนาคารอื่น' })).toBeTruthy();
  });

  it('tells a member whose trading the desk blocked (50056) why, and how to reach the desk', async () => {
    trader(TRADER, {
      createTransaction: () => fail(E.TRADING_BLOCKED.code, E.TRADING_BLOCKED.en),
      contactUs: () => ok({ line: { link: 'https://line.me/R/ti/p/@bahtdesk' } }),
    });
    await renderApp('/transaction?type=buy');
    await screen.findByText(wholeText(/Buy rate: 35\.50 THB per USDT/));
    await userEvent.type(screen.getByLabelText('Amount to pay (THB)'), '3550');
    const destination = screen.getByLabelText('USDT address that receives the coins');
    await userEvent.selectOptions(destination, screen.getByRole('option', { name: ADDRESS }));
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const review = await screen.findByRole('dialog', { name: 'Confirm your order' });
    await userEvent.click(within(review).getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(E.TRADING_BLOCKED.en);
    await userEvent.click(screen.getByRole('button', { name: 'Contact the desk' }));
    expect(await screen.findByRole('dialog', { name: 'Contact us' })).toBeTruthy();
  });
});
