import { E, type TradeLimitsResult } from '@bahtdesk/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp, wholeText } from '../../../test/app.tsx';
import { TRADER } from '../../../test/orders.ts';
import { setState } from '../../lib/store.ts';

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

/** Types `amount` on the buy form and asks for the review; answers the field's error, if any. */
async function quote(amount: string): Promise<string | null> {
  const field = await screen.findByLabelText(/^(Amount to pay \(THB\)|จำนวนเงินที่ชำระ \(บาท\))$/);
  await userEvent.type(field, amount);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /USDT/ }), [
    screen.getAllByRole('option')[1] as HTMLOptionElement,
  ]);
  await userEvent.click(screen.getByRole('button', { name: /^(Review order|ตรวจสอบรายการ)$/ }));
  const error = field.getAttribute('aria-describedby')?.split(' ')[1];
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

describe('the amount against the per-order range and the limits, without sending the member in circles', () => {
  it("says that the range is per order, and refuses an amount past what is left today with the server's words, not the per-order maximum", async () => {
    const { requests } = trader();
    await renderApp('/transaction?type=buy');
    await screen.findByTestId('trade-limits');
    expect(screen.getByText('1,000 to 3,000,000 THB per order')).toBeTruthy();
    // 3,500,000 is past the per-order maximum, but 15,000 left today is the bound that matters.
    expect(await quote('3500000')).toBe(
      'This order would pass your buying limit. You can still buy 15,000.00 THB today and 815,000.00 THB this month.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/createTransaction'))).toBe(false);
  });

  it('with more room today than one order may take, names the maximum as per order', async () => {
    const room = {
      dayLimit: '5000000.00',
      monthLimit: '9000000.00',
      leftToday: '5000000.00',
      leftThisMonth: '9000000.00',
    };
    trader({ getTradeLimits: () => ok({ ...LIMITS, level: 2, buy: room }) });
    await renderApp('/transaction?type=buy');
    await screen.findByTestId('trade-limits');
    expect(await quote('3500000')).toBe(E.BUY_MAX.en);
    expect(E.BUY_MAX.en).toBe('The maximum for one order is 3,000,000 THB.');
  });

  it('says the same in Thai', async () => {
    trader();
    await renderApp('/transaction?type=buy');
    await act(async () => setState({ language: 'th' }));
    await screen.findByText(wholeText('1,000 ถึง 3,000,000 บาทต่อรายการ'));
    expect(await quote('20000')).toBe(
      'รายการนี้เกินวงเงินซื้อของคุณ วันนี้คุณยังซื้อได้อีก 15,000.00 บาท และเดือนนี้อีก 815,000.00 บาท',
    );
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

  it('shows the sections only together with the level card, so the card never pushes them down (CLS 0)', async () => {
    let answer: (envelope: ReturnType<typeof ok>) => void = () => undefined;
    trader({ getTradeLimits: () => new Promise((resolve) => (answer = resolve)) });
    await renderApp('/account');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /Profile/ })).toBeNull();
    await act(async () => answer(ok(LIMITS)));
    const card = await screen.findByRole('region', { name: /Verification level/ });
    const profile = screen.getByRole('heading', { level: 2, name: /Profile/ });
    expect(card.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
