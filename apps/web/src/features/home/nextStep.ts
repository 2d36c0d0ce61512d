import type { Profile } from '@bahtdesk/contract';

export type NextStep = 'verify' | 'waiting' | 'failed' | 'address';

/**
 * The step a signed-in member has to take before a first transaction (verified identity and
 * a saved USDT address; docs/product.md, Roles), or null when there is none.
 */
export function nextStep(profile: Pick<Profile, 'kycStatus' | 'usdtAddresses'> | null): NextStep | null {
  if (!profile) return null;
  if (profile.kycStatus === 'unverified') return 'verify';
  if (profile.kycStatus === 'waiting') return 'waiting';
  if (profile.kycStatus === 'failed') return 'failed';
  return profile.usdtAddresses.length === 0 ? 'address' : null;
}
