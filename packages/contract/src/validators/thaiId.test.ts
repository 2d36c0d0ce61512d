import { describe, expect, it } from 'vitest';
import { E } from '../errors.ts';
import { firstIssueCode } from './messages.ts';
import { isValidThaiIdNumber, thaiIdCheckDigit, thaiIdNumberSchema } from './thaiId.ts';

/** 1-1037-00012-34-? : sum of digit x (13 - i) is 1*13+1*12+0*11+3*10+7*9+0+0+0+1*5+2*4+3*3+4*2 = 148. */
const TWELVE = '110370001234';
const VALID = `${TWELVE}${(11 - (148 % 11)) % 10}`;

describe('a Thai ID card number has 13 digits and its check digit', () => {
  it('computes the check digit as (11 - sum of digit x (13 - position)) mod 10', () => {
    expect(thaiIdCheckDigit(TWELVE)).toBe(6);
    expect(VALID).toBe('1103700012346');
    // A sum that is a multiple of 11 gives 11, which wraps to 1; a remainder of 1 gives 10, which wraps to 0.
    expect(thaiIdCheckDigit('000000000000')).toBe(1);
    expect(thaiIdCheckDigit('010000000000')).toBe(0);
  });

  it('accepts the number as printed on the card, with spaces or dashes, and keeps the digits', () => {
    for (const typed of [VALID, '1-1037-00012-34-6', '1 1037 00012 34 6', ` ${VALID} `]) {
      expect(thaiIdNumberSchema.parse(typed)).toBe(VALID);
    }
    expect(isValidThaiIdNumber(VALID)).toBe(true);
  });

  it('refuses a wrong last digit with 10045, whichever digit was mistyped', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 6) continue;
      const result = thaiIdNumberSchema.safeParse(`${TWELVE}${d}`);
      expect(result.success).toBe(false);
      if (!result.success) expect(firstIssueCode(result.error)).toBe(E.ID_CARD_NUMBER_CHECK_DIGIT.code);
    }
    // Two digits swapped: the weights differ, so the check digit no longer matches.
    expect(thaiIdNumberSchema.safeParse('1013700012346').success).toBe(false);
  });

  it('refuses anything but 13 digits with 10044', () => {
    for (const typed of [
      '',
      '110370001234',
      '11037000123466',
      '11037000123a6',
      'x'.repeat(200),
      'ー'.repeat(13),
    ]) {
      const result = thaiIdNumberSchema.safeParse(typed);
      expect(result.success).toBe(false);
      if (!result.success) expect(firstIssueCode(result.error)).toBe(E.ID_CARD_NUMBER_INVALID.code);
    }
  });
});
