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

/** A pending buy order of 3,550 THB, its deadline ten minutes from now. */
export function buyOrder(status = 'pending') {
  return {
    ...sellOrder(status),
    id: 'B2611260002',
    type: 'buy',
    rate: '35.50',
    amountThb: '3550.00',
    fee: '0.00',
    total: '3550.00',
    feePercent: '0.00',
    usdtAddress: TRADER.usdtAddresses[0]?.address ?? null,
    bankAccount: null,
  };
}

/** Where the member pays `buyOrder`: one desk account, one location, cash deposits allowed. */
export const BUY_RECEIVE = {
  type: 'buy',
  amountThb: '3550.00',
  deadlineAt: buyOrder().deadlineAt,
  cashDepositAllowed: true,
  bankAccounts: [{ bankCode: 'KBANK', accountNumber: '9876543210', accountName: 'BahtDesk Co., Ltd.' }],
  locations: [
    {
      id: 'silom',
      name: { en: 'Silom office', th: 'สำนักงานสีลม' },
      address: { en: '1 Silom Road', th: '1 ถนนสีลม' },
      openingHours: { en: 'Mon-Fri 09:00-17:00', th: 'จ.-ศ. 09:00-17:00' },
      opens: '09:00',
      closes: '17:00',
    },
  ],
  holidays: [],
  lastAppointmentDate: '2099-12-31',
};

/** What getOrderTerms answers a member who has never sold and has no pending order. */
export const TERMS = {
  paymentDeadlineMinutes: 15,
  cashDepositCeilingThb: '500000.00',
  enabledNetworks: ['TRON', 'BEP20', 'TETHER', 'SOLANA'],
  lastSellNetwork: null as string | null,
  pendingOrder: null as { id: string; type: string; deadlineAt: string } | null,
};
