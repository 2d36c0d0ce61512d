import { describe, expect, it } from 'vitest';
import { E } from '../errors.ts';
import { firstIssueCode } from './messages.ts';
import { isValidPassportNumber, passportNumberSchema } from './passport.ts';

describe("a passport's number has the shape of one", () => {
  it('keeps the letters and digits as printed, in capitals and without spaces', () => {
    for (const [typed, kept] of [
      ['AA1234567', 'AA1234567'],
      ['aa 1234567', 'AA1234567'],
      [' C01X00T47 ', 'C01X00T47'],
      ['123456', '123456'],
      ['AB1234567890', 'AB1234567890'],
    ]) {
      expect(passportNumberSchema.parse(typed), typed).toBe(kept);
      expect(isValidPassportNumber(typed as string), typed).toBe(true);
    }
  });

  it('refuses anything else with 10053: too short or long, no digit, other characters', () => {
    for (const typed of [
      '',
      'A1234',
      'AB12345678901',
      'ABCDEFGHI',
      'AA-1234567',
      'AA1234567ไ',
      'x'.repeat(500),
    ]) {
      const result = passportNumberSchema.safeParse(typed);
      expect(result.success, typed).toBe(false);
      if (!result.success) expect(firstIssueCode(result.error)).toBe(E.PASSPORT_NUMBER_INVALID.code);
      expect(isValidPassportNumber(typed)).toBe(false);
    }
  });
});
