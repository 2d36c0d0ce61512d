import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { normaliseTxHash } from './txHash.ts';

const HEX = 'ab'.repeat(16) + 'CD'.repeat(16);
const SIGNATURE = base58.encode(Uint8Array.from({ length: 64 }, (_, i) => i + 1));

describe('a USDT transfer hash has one spelling per network', () => {
  it('EVM chains: lower case with 0x, whatever case and prefix were sent', () => {
    const one = `0x${HEX.toLowerCase()}`;
    for (const sent of [HEX, HEX.toUpperCase(), `0x${HEX}`, `0X${HEX.toUpperCase()}`, ` ${one} `]) {
      expect(normaliseTxHash('TETHER', sent)).toBe(one);
      expect(normaliseTxHash('BEP20', sent)).toBe(one);
    }
  });

  it('BNB Beacon Chain: upper case without 0x', () => {
    expect(normaliseTxHash('BEP2', HEX.toLowerCase())).toBe(HEX.toUpperCase());
    expect(normaliseTxHash('BEP2', HEX)).toBe(HEX.toUpperCase());
  });

  it('Solana: base58 of 64 bytes, case kept (another case is another signature)', () => {
    expect(normaliseTxHash('SOLANA', SIGNATURE)).toBe(SIGNATURE);
    const recased = SIGNATURE.replace(/[a-km-z]/, (ch) => ch.toUpperCase());
    expect(recased).not.toBe(SIGNATURE);
    expect(normaliseTxHash('SOLANA', recased)).not.toBe(SIGNATURE);
  });

  it("refuses a hash of another network's kind, and an unknown network", () => {
    expect(normaliseTxHash('TETHER', SIGNATURE)).toBeUndefined();
    expect(normaliseTxHash('SOLANA', `0x${HEX}`)).toBeUndefined();
    expect(normaliseTxHash('SOLANA', HEX)).toBeUndefined();
    expect(normaliseTxHash('TETHER', HEX.slice(2))).toBeUndefined();
    expect(normaliseTxHash('POLYGON', HEX)).toBeUndefined();
    expect(normaliseTxHash('TRON', SIGNATURE)).toBeUndefined();
  });

  it('keeps a TRON transaction id as Tronscan prints it: 64 hex digits in lower case, no 0x', () => {
    expect(normaliseTxHash('TRON', HEX.toUpperCase())).toBe(HEX.toLowerCase());
  });

  it('refuses a hash written with 0x on TRON and BNB Beacon Chain: that is an EVM chain’s hash', () => {
    for (const sent of [`0x${HEX}`, `0X${HEX.toLowerCase()}`]) {
      expect(normaliseTxHash('TRON', sent)).toBeUndefined();
      expect(normaliseTxHash('BEP2', sent)).toBeUndefined();
    }
  });
});
