import { messageFor } from '@bahtdesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/rates.json';

const HISTORY = {
  items: [
    {
      id: 2,
      buyRate: '35.50',
      sellRate: '34.80',
      sellFeePercent: '1.00',
      setBy: 'admin',
      createdAt: '2026-11-22T01:00:00.000Z',
    },
    {
      id: 1,
      buyRate: '35.00',
      sellRate: '34.00',
      sellFeePercent: '1.00',
      setBy: 'seed',
      createdAt: '2026-11-20T01:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 500,
};

describe('rates and sell fee', () => {
  it("checks the form with the contract's rules, sends nothing wrong, and saves decimal strings", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      rateHistory: () => ok(HISTORY),
      setRates: (r) => ok({ ...(r.body as object), updatedAt: '2026-11-23T01:00:00.000Z' }),
    });
    await renderConsole('/rates', 'tok');
    const buy = await screen.findByLabelText(t.form.buyRate);
    expect((buy as HTMLInputElement).value).toBe('35.50');
    const sell = screen.getByLabelText(t.form.sellRate);
    await userEvent.clear(sell);
    await userEvent.type(sell, '36.00');
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    expect(await screen.findByText(messageFor(40010, 'en'))).toBeTruthy();
    expect(api.called('setRates')).toEqual([]);

    await userEvent.clear(sell);
    await userEvent.type(sell, '34.90');
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    await screen.findByText(t.form.saved);
    expect(api.called('setRates')[0]?.body).toEqual({
      buyRate: '35.50',
      sellRate: '34.90',
      sellFeePercent: '1.00',
    });
  });

  it('shows the history to a viewer, without the form', async () => {
    mockApi({ me: () => ok(profile('viewer')), rateHistory: () => ok(HISTORY) });
    await renderConsole('/rates', 'tok');
    expect(await screen.findByRole('table', { name: t.history.title })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Buy and sell rates over time/ })).toBeTruthy();
    expect(screen.queryByLabelText(t.form.buyRate)).toBeNull();
  });
});
