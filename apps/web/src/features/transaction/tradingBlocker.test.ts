import { describe, expect, it } from 'vitest';
import { tradingBlocker } from './tradingBlocker.ts';

const address = { id: 1 } as never;

describe('a transaction is blocked until identity is verified and a USDT address exists (docs/product.md, Roles)', () => {
  it('asks for identity first, whatever else is missing', () => {
    for (const kycStatus of ['unverified', 'waiting', 'failed'] as const) {
      expect(tradingBlocker({ kycStatus, usdtAddresses: [address] })).toBe('kyc');
      expect(tradingBlocker({ kycStatus, usdtAddresses: [] })).toBe('kyc');
    }
  });

  it('then for a USDT address, and lets a verified member with one through', () => {
    expect(tradingBlocker({ kycStatus: 'verified', usdtAddresses: [] })).toBe('address');
    expect(tradingBlocker({ kycStatus: 'verified', usdtAddresses: [address] })).toBeNull();
  });
});
