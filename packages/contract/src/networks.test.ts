import { describe, expect, it } from 'vitest';
import { NETWORKS, networkById, networkLabel } from './networks.ts';

describe('networks', () => {
  it('offers the four networks of the spec with their display names', () => {
    expect(NETWORKS.map((n) => n.name)).toEqual([
      'BNB Smart Chain (BEP20)',
      'BNB Beacon Chain (BEP2)',
      'Tether',
      'Solana',
    ]);
  });

  it('treats Tether as an ERC-20 (0x) network', () => {
    expect(networkById('TETHER')).toMatchObject({ standard: 'ERC-20', format: 'evm' });
    expect(networkById('TRON')).toBeUndefined();
  });

  it('names a network the same everywhere, with its token standard unless the name carries it', () => {
    expect(NETWORKS.map((n) => networkLabel(n))).toEqual([
      'BNB Smart Chain (BEP20)',
      'BNB Beacon Chain (BEP2)',
      'Tether (ERC-20)',
      'Solana (SPL)',
    ]);
    expect(networkLabel(networkById('POLYGON'), 'POLYGON')).toBe('POLYGON');
  });
});
