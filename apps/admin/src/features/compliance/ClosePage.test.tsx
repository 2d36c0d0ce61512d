import type { CloseChannel, DailyClose } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole, setState } from '../../../test/app.tsx';
import t from '../../locales/en/compliance.json';
import th from '../../locales/th/compliance.json';

const channel = (id: string, patch: Partial<CloseChannel> = {}): CloseChannel => ({
  channel: id,
  currency: id.startsWith('network:') ? 'USDT' : 'THB',
  orders: [],
  totalIn: '0.00',
  totalOut: '0.00',
  expected: '0.00',
  close: null,
  ...patch,
});

const deposit = (id: string, amount: string) => ({
  id,
  type: 'buy' as const,
  direction: 'in' as const,
  amount,
  at: '2026-11-20T16:50:00.000Z',
});

const day = (patch: Partial<DailyClose> = {}): DailyClose => ({
  day: '2026-11-20',
  ended: true,
  channels: [
    channel('bank:KBANK:1234567890', {
      orders: [deposit('B2611200001', '1000.00'), deposit('B2611200002', '2500.00')],
      totalIn: '3500.00',
      expected: '3500.00',
      close: {
        statementTotal: '1000.00',
        difference: '0.00',
        expected: '1000.00',
        orders: 1,
        closedBy: 'operator1',
        closedAt: '2026-11-21T02:00:00.000Z',
      },
    }),
    channel('bank:SCB:9876543210', {
      orders: [deposit('B2611200003', '700.00')],
      totalIn: '700.00',
      expected: '700.00',
    }),
    channel('bank'),
    channel('cash'),
    channel('network:TRON'),
  ],
  ...patch,
});

const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);

describe('the daily close screen', () => {
  it('rule: each desk account is a channel of its own, named by its bank and number, beside the bank, cash and network channels', async () => {
    mockApi({ me: () => ok(profile('operator')), dailyClose: () => ok(day()) });
    await renderConsole('/closes', 'tok');
    expect(
      await screen.findByRole('rowheader', { name: 'Kasikornbank 123-4-56789-0: deposits (THB)' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('rowheader', { name: 'Siam Commercial Bank 987-6-54321-0: deposits (THB)' }),
    ).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: t.close.bank })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'USDT on TRON' })).toBeTruthy();
  });

  it('rule: a close whose figures changed since shows the figures of the close beside the figures now', async () => {
    mockApi({ me: () => ok(profile('operator')), dailyClose: () => ok(day()) });
    await renderConsole('/closes', 'tok');
    await screen.findByRole('rowheader', { name: 'Kasikornbank 123-4-56789-0: deposits (THB)' });
    const kbank = rowOf('Kasikornbank 123-4-56789-0: deposits (THB)');
    expect(kbank.getByText(/^Closed: statement 1,000.00, difference 0.00/)).toBeTruthy();
    expect(kbank.getByRole('status').textContent).toBe(
      "Changed since the close: expected then 1,000.00, now 3,500.00; orders then 1, now 2. Statement minus today's figures: −2,500.00.",
    );
    // A channel closed with nothing changed since shows no such note.
    expect(rowOf('Siam Commercial Bank 987-6-54321-0: deposits (THB)').queryByRole('status')).toBeNull();
  });

  it('rule: a day that has not ended offers no close, in English and in Thai', async () => {
    mockApi({ me: () => ok(profile('operator')), dailyClose: () => ok(day({ ended: false })) });
    await renderConsole('/closes', 'tok');
    const scb = await screen.findByRole('rowheader', {
      name: 'Siam Commercial Bank 987-6-54321-0: deposits (THB)',
    });
    expect(within(scb.closest('tr') as HTMLElement).getByText(t.close.notEnded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.close.closeButton })).toBeNull();
    setState({ language: 'th' });
    expect(
      await screen.findByRole('rowheader', { name: 'ธนาคารไทยพาณิชย์ 987-6-54321-0: เงินฝาก (บาท)' }),
    ).toBeTruthy();
    expect(screen.getAllByText(th.close.notEnded).length).toBeGreaterThan(0);
  });

  it('rule: a statement total of more than 2 decimals is refused on the screen and never sent; a right one is', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      dailyClose: () => ok(day()),
      closeDay: () => ok(day()),
    });
    await renderConsole('/closes', 'tok');
    const form = within(
      await screen.findByRole('form', {
        name: `${t.close.closeButton}: Siam Commercial Bank 987-6-54321-0: deposits (THB)`,
      }),
    );
    await userEvent.type(form.getByLabelText(t.close.statement), '-0.001');
    await userEvent.click(form.getByRole('button', { name: t.close.closeButton }));
    expect(await form.findByText(t.close.statementProblem)).toBeTruthy();
    expect(api.called('closeDay')).toEqual([]);
    await userEvent.clear(form.getByLabelText(t.close.statement));
    await userEvent.type(form.getByLabelText(t.close.statement), '700.00');
    await userEvent.click(form.getByRole('button', { name: t.close.closeButton }));
    await screen.findByText(t.close.done);
    expect(api.called('closeDay').map((r) => r.body)).toEqual([
      { day: '2026-11-20', channel: 'bank:SCB:9876543210', statementTotal: '700.00' },
    ]);
  });
});
