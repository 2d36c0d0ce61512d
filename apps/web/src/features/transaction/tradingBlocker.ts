import type { Profile } from '@bahtdesk/contract';

/**
 * What keeps a member from starting an order (docs/product.md, Roles): identity first, then a USDT
 * address. The server refuses order calls the same way (10034, 10035); this only picks the dialog.
 */
export function tradingBlocker(
  profile: Pick<Profile, 'kycStatus' | 'usdtAddresses'>,
): 'kyc' | 'address' | null {
  if (profile.kycStatus !== 'verified') return 'kyc';
  if (profile.usdtAddresses.length === 0) return 'address';
  return null;
}
