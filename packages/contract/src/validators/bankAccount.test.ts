import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BANKS } from '../banks.ts';
import { E } from '../errors.ts';
import { accountNameMatches } from './accountName.ts';
import {
  bankAccountNumberSchema,
  bankCodeSchema,
  isValidBankAccountNumber,
  withBankAccountCheck,
} from './bankAccount.ts';

describe("bank account number: as many digits as the bank's rule says", () => {
  it.each(BANKS.map((b) => [b.code, b.accountDigits] as const))('%s takes exactly %i digits', (code, n) => {
    expect(isValidBankAccountNumber(code, '1'.repeat(n))).toBe(true);
    expect(isValidBankAccountNumber(code, '1'.repeat(n - 1))).toBe(false);
    expect(isValidBankAccountNumber(code, '1'.repeat(n + 1))).toBe(false);
  });

  it('ignores dashes and spaces as printed in a passbook', () => {
    expect(isValidBankAccountNumber('KBANK', '123-4-56789-0')).toBe(true);
    expect(isValidBankAccountNumber('GSB', '0201 2345 6789')).toBe(true);
  });

  it('refuses letters and an unknown bank', () => {
    expect(isValidBankAccountNumber('SCB', '12345678a0')).toBe(false);
    expect(isValidBankAccountNumber('NOPE', '1234567890')).toBe(false);
  });

  const form = withBankAccountCheck(
    z.object({ bankCode: bankCodeSchema, accountNumber: bankAccountNumberSchema }),
  );

  it('stores the digits alone', () => {
    expect(form.parse({ bankCode: 'KBANK', accountNumber: '123-4-56789-0' })).toEqual({
      bankCode: 'KBANK',
      accountNumber: '1234567890',
    });
  });

  it('puts the invalid-number code on the account-number field', () => {
    const r = form.safeParse({ bankCode: 'GSB', accountNumber: '1234567890' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ['accountNumber'],
        message: String(E.BANK_ACCOUNT_NUMBER_INVALID.code),
      }),
    ]);
  });

  it('answers bank-not-found for an unknown bank and required for a missing number', () => {
    const r = form.safeParse({ bankCode: 'XYZ' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['bankCode', String(E.BANK_NOT_FOUND.code)],
      ['accountNumber', String(E.REQUIRED.code)],
    ]);
  });
});

describe('a bank account in the member own name', () => {
  it('matches the first and last name whatever the title, spacing, dots and case', () => {
    expect(accountNameMatches('นาย สมชาย ใจดี', 'สมชาย', 'ใจดี')).toBe(true);
    expect(accountNameMatches('นางสาวสมหญิง  รักไทย', 'สมหญิง', 'รักไทย')).toBe(true);
    expect(accountNameMatches('น.ส. สมหญิง รักไทย', 'สมหญิง', 'รักไทย')).toBe(true);
    expect(accountNameMatches('MR. SOMCHAI JAIDEE', 'Somchai', 'Jaidee')).toBe(true);
    expect(accountNameMatches('Ms Malee Sukjai', 'Malee', 'Sukjai')).toBe(true);
  });

  it('matches a hyphenated or apostrophe name however the bank writes it', () => {
    expect(accountNameMatches('MR JOHN DOE SMITH', 'John', 'Doe-Smith')).toBe(true);
    expect(accountNameMatches('Ms Siobhan OBrien', 'Siobhan', "O'Brien")).toBe(true);
    expect(accountNameMatches('MS SIOBHAN O’BRIEN', 'Siobhan', "O'Brien")).toBe(true);
  });

  it("does not match someone else's name, a part of the name or another order", () => {
    expect(accountNameMatches('นาย สมศักดิ์ ใจดี', 'สมชาย', 'ใจดี')).toBe(false);
    expect(accountNameMatches('Somchai', 'Somchai', 'Jaidee')).toBe(false);
    expect(accountNameMatches('Jaidee Somchai', 'Somchai', 'Jaidee')).toBe(false);
    expect(accountNameMatches('บริษัท บาทเดสก์ จำกัด', 'สมชาย', 'ใจดี')).toBe(false);
  });

  it('does not read a name that starts like a title as a title twice', () => {
    expect(accountNameMatches('นาย นายก ดี', 'นายก', 'ดี')).toBe(true);
    expect(accountNameMatches('Mrinal Sen', 'Mrinal', 'Sen')).toBe(true);
  });
});
