import { PROFILE } from './account.ts';

/**
 * Fixtures for the order pages' tests: a member who may trade (verified, one USDT address usable
 * since long ago) and their orders.
 */
export const TRADER = {
  ...PROFILE,
  kycStatus: 'verified',
  usdtAddresses: [
    {
      id: 3,
      network: 'BEP20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      nickname: 'Main',
      createdAt: PROFILE.createdAt,
      usableFrom: PROFILE.createdAt,
    },
  ],
};

/** A pending sell order whose deadline is `minutes` from now. */
export function sellOrder(status = 'pending', minutes = 10) {
  return {
    id: 'S2611260001',
    type: 'sell',
    status,
    createdAt: new Date().toISOString(),
    currency: 'USDT',
    rate: '34.80',
    amountThb: '3480.00',
    amountUsdt: '100.00',
    fee: '34.80',
    total: '3445.20',
    feePercent: '1.00',
    deadlineAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    network: 'BEP20',
    usdtAddress: null,
    bankAccount: { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'Somchai Jaidee' },
    payment: null,
    confirmedAt: null,
    payoutReference: null,
    reasonCode: null,
    reason: null,
  };
}

/** Where the member sends the USDT of `sellOrder`. */
export const SELL_RECEIVE = {
  type: 'sell',
  amountUsdt: '100.00',
  deadlineAt: sellOrder().deadlineAt,
  network: 'BEP20',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
};

export const TX_HASH = `0x${'ab'.repeat(32)}`;
