import { BANKS, NETWORKS } from '@bahtdesk/contract';
import { ok } from './app.tsx';

/** Fixtures for the account pages' tests: a member, the networks and banks, a clientSignature. */
export const PROFILE = {
  id: 7,
  username: 'somchai',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  phone: '0812345678',
  email: 'somchai@example.com',
  kycStatus: 'unverified',
  kycReview: null as unknown,
  createdAt: '2026-01-01T00:00:00.000Z',
  bankAccounts: [] as unknown[],
  usdtAddresses: [] as unknown[],
};

export const BEP20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const SOLANA_ADDRESS = 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz';

export const accountServer = {
  clientSignature: () => ok({ clientSignature: 'sig-1', expiresAt: '2099-01-01T00:00:00.000Z' }),
  getNetworkBank: () => ok({ networks: NETWORKS, banks: BANKS }),
};
