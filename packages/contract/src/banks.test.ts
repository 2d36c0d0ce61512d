import { describe, expect, it } from 'vitest';
import { BANKS, bankByCode, formatAccountNumber, maskAccountNumber } from './banks.ts';

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

describe('account numbers as banks print them', () => {
  it('groups a ten-digit number 3-1-5-1 and a twelve-digit one 4-4-4', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-4-56789-0');
    expect(formatAccountNumber('020012345678')).toBe('0200-1234-5678');
  });

  it('leaves a number of another length as it is', () => {
    expect(formatAccountNumber('12345')).toBe('12345');
  });

  it('masks all but the last five digits, keeping the grouping', () => {
    expect(maskAccountNumber('1234567890')).toBe('xxx-x-x6789-0');
    expect(maskAccountNumber('020012345678')).toBe('xxxx-xxx4-5678');
    expect(maskAccountNumber('1234')).toBe('1234');
  });
});
