import { describe, expect, it } from 'vitest';
import { BANKS, bankByCode } from './banks.ts';

describe('banks', () => {
  it('gives each bank a unique short code and Bank of Thailand code', () => {
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
    expect(new Set(BANKS.map((b) => b.botCode)).size).toBe(BANKS.length);
    for (const b of BANKS) expect(b.botCode).toMatch(/^\d{3}$/);
  });

  it('names every bank in English and Thai', () => {
    for (const b of BANKS) {
      expect(b.en).not.toBe('');
      expect(b.th).toMatch(/^ธนาคาร/);
    }
  });

  it('knows the account-number length of the main banks', () => {
    expect(bankByCode('KBANK')?.accountDigits).toBe(10);
    expect(bankByCode('SCB')?.accountDigits).toBe(10);
    expect(bankByCode('GSB')?.accountDigits).toBe(12);
    expect(bankByCode('BAAC')?.accountDigits).toBe(12);
    expect(bankByCode('NOPE')).toBeUndefined();
  });
});
