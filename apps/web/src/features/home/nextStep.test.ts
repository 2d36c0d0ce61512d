import { describe, expect, it } from 'vitest';
import { nextStep } from './nextStep.ts';

const address = { id: 1 } as never;

describe('the step a member takes before a first transaction', () => {
  it('is identity first, then a USDT address, and none when both are there', () => {
    expect(nextStep(null)).toBeNull();
    expect(nextStep({ kycStatus: 'unverified', usdtAddresses: [] })).toBe('verify');
    expect(nextStep({ kycStatus: 'waiting', usdtAddresses: [address] })).toBe('waiting');
    expect(nextStep({ kycStatus: 'failed', usdtAddresses: [address] })).toBe('failed');
    expect(nextStep({ kycStatus: 'verified', usdtAddresses: [] })).toBe('address');
    expect(nextStep({ kycStatus: 'verified', usdtAddresses: [address] })).toBeNull();
  });
});
