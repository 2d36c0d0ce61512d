import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventStream, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/orders.json';
import risk from '../../locales/en/risk.json';

const item = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  type: 'buy',
  status: 'request',
  createdAt: '2026-11-23T01:00:00.000Z',
  currency: 'USDT',
  rate: '35.00',
  amountThb: '35000.00',
  amountUsdt: '1000.00',
  fee: '0.00',
  total: '35000.00',
  memberId: 7,
  username: 'somchai',
  memberName: 'Somchai Jaidee',
  deadlineAt: '2026-11-23T01:30:00.000Z',
  confirmedAt: '2026-11-23T01:10:00.000Z',
  paymentMethod: 'cash_deposit',
  appointmentAt: null,
  duplicateSlip: false,
  memberFlags: [],
  awaitingApproval: false,
  ...patch,
});

const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, pageSize: 20 });
const table = async () => within(await screen.findByRole('table', { name: t.queue.title }));

describe('the order queue', () => {
  it('lists the open orders with amounts, status, the member and a duplicate-slip marker', async () => {
    const api = mockApi({
      me: () => ok(profile('viewer')),
      orderQueue: () => page([item('B2611230001', { duplicateSlip: true })]),
    });
    await renderConsole('/orders', 'tok');
    const rows = await table();
    const row = within(rows.getByRole('link', { name: 'B2611230001' }).closest('tr') as HTMLElement);
    expect(row.getByRole('link', { name: 'B2611230001' }).getAttribute('href')).toBe('#/orders/B2611230001');
    expect(row.getByRole('link', { name: 'Somchai Jaidee' }).getAttribute('href')).toBe('#/members/7');
    expect(row.getByText('35,000.00')).toBeTruthy();
    expect(row.getByText('1,000.00')).toBeTruthy();
    expect(row.getByText(t.status.request)).toBeTruthy();
    expect(row.getByText(t.queue.duplicate)).toBeTruthy();
    // No status asked: the server's default, the open orders.
    const query = api.called('orderQueue')[0]?.query;
    expect(query?.has('status')).toBe(false);
    expect(query?.get('page')).toBe('1');
  });

  it('asks the server for what the filters say, from the first page', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      orderQueue: () => page([item('B2611230001')]),
    });
    await renderConsole('/orders?page=2', 'tok');
    await table();
    await userEvent.selectOptions(screen.getByLabelText(t.queue.status), 'success');
    await userEvent.selectOptions(screen.getByLabelText(t.queue.type), 'sell');
    fireEvent.change(screen.getByLabelText(t.queue.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(t.queue.to), { target: { value: '2026-11-23' } });
    await userEvent.type(screen.getByLabelText(t.queue.search), ' somchai ');
    await userEvent.click(screen.getByRole('button', { name: t.queue.apply }));
    await waitFor(() => expect(api.called('orderQueue')).toHaveLength(2));
    expect(Object.fromEntries(api.called('orderQueue')[1]?.query ?? [])).toEqual({
      status: 'success',
      type: 'sell',
      from: '2026-11-01',
      to: '2026-11-23',
      q: 'somchai',
      page: '1',
      pageSize: '20',
    });
  });

  it('filters by member flag and member number, and marks flagged members and payouts awaiting approval', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      orderQueue: () =>
        page([item('B2611230003', { memberFlags: ['payouts_held'], awaitingApproval: true })]),
    });
    await renderConsole('/orders', 'tok');
    const rows = await table();
    expect(rows.getByText(risk.flag.payouts_held)).toBeTruthy();
    expect(rows.getByText(risk.approval.awaiting)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(risk.queue.flag), 'payouts_held');
    await userEvent.type(screen.getByLabelText(risk.queue.memberId), '42');
    await userEvent.click(screen.getByRole('button', { name: t.queue.apply }));
    await waitFor(() => expect(api.called('orderQueue')).toHaveLength(2));
    expect(Object.fromEntries(api.called('orderQueue')[1]?.query ?? [])).toEqual({
      flag: 'payouts_held',
      memberId: '42',
      page: '1',
      pageSize: '20',
    });
  });

  it('shows when the member comes for a cash appointment, and asks the server to sort by it', async () => {
    const api = mockApi({
      me: () => ok(profile('viewer')),
      orderQueue: () =>
        page([
          item('B2611230002', {
            paymentMethod: 'cash_appointment',
            appointmentAt: '2026-11-24T03:30:00.000Z',
          }),
          item('B2611230001', { appointmentAt: null }),
        ]),
    });
    await renderConsole('/orders', 'tok');
    const rows = await table();
    const row = (id: string) => within(rows.getByRole('link', { name: id }).closest('tr') as HTMLElement);
    expect(row('B2611230002').getByText('Appointment 24 Nov 2026, 10:30')).toBeTruthy();
    expect(row('B2611230001').queryByText(/Appointment/)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText(t.queue.sort), t.queue.sortAppointment);
    await userEvent.click(screen.getByRole('button', { name: t.queue.apply }));
    await waitFor(() => expect(api.called('orderQueue')).toHaveLength(2));
    expect(api.called('orderQueue')[1]?.query.get('sort')).toBe('appointment');
  });

  it('says when nothing is open, and shows a new order when one is announced, without a reload', async () => {
    const stream = eventStream();
    let items: unknown[] = [];
    mockApi({
      me: () => ok(profile('operator')),
      events: () => stream.response(),
      orderQueue: () => page(items),
    });
    await renderConsole('/orders', 'tok');
    expect(await screen.findByText(t.queue.emptyOpen)).toBeTruthy();
    items = [item('S2611230002', { type: 'sell', status: 'pending', confirmedAt: null })];
    stream.send('order.updated');
    expect(await (await table()).findByRole('link', { name: 'S2611230002' })).toBeTruthy();
    stream.close();
  });
});
