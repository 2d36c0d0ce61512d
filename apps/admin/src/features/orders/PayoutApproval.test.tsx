import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/orders.json';
import risk from '../../locales/en/risk.json';

const AT = '2026-11-23T01:00:00.000Z';

/** A sell of 700,000 THB awaiting staff, with the staff order screen's facts. */
const detail = {
  order: {
    id: 'S2611230001',
    type: 'sell',
    status: 'request',
    createdAt: AT,
    currency: 'USDT',
    rate: '35.00',
    amountThb: '700000.00',
    amountUsdt: '20000.00',
    fee: '0.00',
    total: '700000.00',
    feePercent: '0.00',
    deadlineAt: AT,
    network: 'TETHER',
    usdtAddress: null,
    bankAccount: { bankCode: 'KBANK', accountNumber: 'xxx-x-x4321-0', accountName: 'Somchai Jaidee' },
    payment: {
      method: 'usdt_transfer',
      depositAmount: null,
      depositAt: null,
      location: null,
      appointmentAt: null,
      txHash: '0xabc',
      proofUrl: null,
    },
    confirmedAt: AT,
    payoutReference: 'TRF-700K',
    reasonCode: null,
    reason: null,
  },
  member: {
    id: 7,
    username: 'somchai',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: '0812345678',
    kycStatus: 'verified',
  },
  proofFileId: null,
  slipNameChecked: false,
  duplicates: [],
  history: [],
  kycHistory: [],
  otherOrders: [],
  decidedBy: null,
  decidedAt: null,
  deskAccounts: [],
};

const awaiting = {
  required: true,
  thresholdThb: '500000.00',
  awaiting: true,
  preparedBy: 'operator1',
  preparedAt: AT,
};

describe('a large payout on the order screen', () => {
  it('shows "awaiting approval" with who prepared it; another staff member approves, the preparer only waits', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      staffOrder: () => ok(detail),
      payoutApproval: () => ok(awaiting),
      approvePayout: () => ok({ ...detail, order: { ...detail.order, status: 'success' } }),
    });
    await renderConsole('/orders/S2611230001', 'tok');
    expect(await screen.findByRole('heading', { name: risk.approval.awaiting })).toBeTruthy();
    expect(screen.getByText(/operator1/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.complete.submit })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: risk.approval.approve }));
    await waitFor(() => expect(api.called('approvePayout')).toHaveLength(1));
  });

  it('offers the preparer neither approve nor send back', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(detail),
      payoutApproval: () => ok(awaiting),
    });
    await renderConsole('/orders/S2611230001', 'tok');
    expect(await screen.findByText(risk.approval.yours)).toBeTruthy();
    expect(screen.queryByRole('button', { name: risk.approval.approve })).toBeNull();
    expect(screen.queryByRole('button', { name: risk.approval.sendBack })).toBeNull();
  });

  it('sends a payout back with the note', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      staffOrder: () => ok(detail),
      payoutApproval: () => ok(awaiting),
      sendBackPayout: () => ok(detail),
    });
    await renderConsole('/orders/S2611230001', 'tok');
    await userEvent.type(await screen.findByLabelText(risk.approval.note), 'Reference does not match');
    await userEvent.click(screen.getByRole('button', { name: risk.approval.sendBack }));
    await waitFor(() => expect(api.called('sendBackPayout')).toHaveLength(1));
    expect(api.called('sendBackPayout')[0]?.body).toEqual({ note: 'Reference does not match' });
  });
});
