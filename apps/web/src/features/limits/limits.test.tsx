import type { TradeLimitsResult } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { TRADER } from '../../../test/orders.ts';

const LIMITS: TradeLimitsResult = {
  level: 1,
  buy: { dayLimit: '200000.00', monthLimit: '1000000.00', leftToday: '15000.00', leftThisMonth: '815000.00' },
  sell: { dayLimit: '200000.00', monthLimit: '1000000.00', leftToday: '0.00', leftThisMonth: '400000.00' },
};

function trader(handlers: Record<string, Handler> = {}) {
  localStorage.setItem('token', 'member-token');
  return mockApi({
    ...publicServer(),
    ...accountServer,
    profile: () => ok(TRADER),
    getTradeLimits: () => ok(LIMITS),
    getIncomeProof: () => ok(null),
    ...handlers,
  });
}

describe('limits on the quote form', () => {
  it('shows what is left to buy today and this month before an amount is typed', async () => {
    trader();
    await renderApp('/transaction?type=buy');
    const note = await screen.findByTestId('trade-limits');
    expect(note.textContent).toBe('You can still buy 15,000.00 THB today and 815,000.00 THB this month.');
    expect((screen.getByLabelText('Amount to pay (THB)') as HTMLInputElement).value).toBe('');
  });

  it('says on the sell side when the day is used up, and that level 2 has more', async () => {
    trader();
    await renderApp('/transaction?type=sell');
    const note = await screen.findByTestId('trade-limits');
    expect(note.textContent).toMatch(
      /You can still sell 0\.00 THB worth today and 400,000\.00 THB this month/,
    );
    expect(note.textContent).toMatch(/Level 2 has higher limits/);
  });
});

describe('level on the account page', () => {
  it("shows the member's level, how to reach the next, and the level's limits with what is left", async () => {
    trader();
    await renderApp('/account');
    const card = await screen.findByRole('region', { name: /Verification level/ });
    expect(within(card).getByText('Level 1')).toBeTruthy();
    expect(within(card).getByText(/To reach level 2/)).toBeTruthy();
    const today = within(card).getByRole('row', { name: /Left today/ });
    expect(today.textContent).toBe('Left today15,000.000.00');
    const perDay = within(card).getByRole('row', { name: /Per day/ });
    expect(perDay.textContent).toBe('Per day200,000.00200,000.00');
  });

  it('tells a member not yet verified to verify their identity, without a table', async () => {
    trader({ getTradeLimits: () => ok({ ...LIMITS, level: 0 }) });
    await renderApp('/account');
    const card = await screen.findByRole('region', { name: /Verification level/ });
    expect(within(card).getByText(/Verify your identity to reach level 1/)).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
  });
});
