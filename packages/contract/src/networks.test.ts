import { describe, expect, it } from 'vitest';
import { DEFAULT_ENABLED_NETWORKS, NETWORKS, networkById, networkLabel } from './networks.ts';

describe('networks', () => {
  it('names each network as members know it from their exchange', () => {
    expect(NETWORKS.map((n) => networkLabel(n))).toEqual([
      'TRON (TRC-20)',
      'BNB Smart Chain (BEP20)',
      'Ethereum (ERC-20)',
      'Solana',
      'BNB Beacon Chain (BEP2)',
    ]);
    expect(networkLabel(networkById('POLYGON'), 'POLYGON')).toBe('POLYGON');
  });

  it('keeps the id TETHER for Ethereum (ERC-20), so saved entries and orders read as before', () => {
    expect(networkById('TETHER')).toMatchObject({ standard: 'ERC-20', format: 'evm' });
    expect(networkById('TRON')).toMatchObject({ standard: 'TRC-20', format: 'tron' });
  });

  it('starts with the stopped BNB Beacon Chain (BEP2) disabled and every other network enabled', () => {
    expect(DEFAULT_ENABLED_NETWORKS).not.toContain('BEP2');
    expect([...DEFAULT_ENABLED_NETWORKS].sort()).toEqual(['BEP20', 'SOLANA', 'TETHER', 'TRON']);
  });
});
