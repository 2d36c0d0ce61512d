import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E } from '../errors.ts';
import { usernameSchema } from './member.ts';
import { codeMessage, firstIssueCode, issueCode, issueDef, validationMessage } from './messages.ts';

describe('validation messages are catalogue codes shown in either language', () => {
  it('shows the English or Thai text of the code a schema raised', () => {
    const message = usernameSchema.safeParse('ab').error?.issues[0]?.message;
    expect(validationMessage(message, 'en')).toBe(E.USERNAME_LENGTH.en);
    expect(validationMessage(message, 'th')).toBe(E.USERNAME_LENGTH.th);
  });

  it('falls back to "Please enter correct information." for a message that is not a code', () => {
    const error = z.object({ a: z.string() }).safeParse(42).error;
    expect(error && firstIssueCode(error)).toBe(E.INVALID_INPUT.code);
    expect(issueCode({ message: '123456789' })).toBe(E.INVALID_INPUT.code);
    expect(validationMessage(undefined, 'en')).toBe('Please enter correct information.');
  });

  it('gives the API the code of the first issue', () => {
    const error = z.object({ username: usernameSchema }).safeParse({ username: 'a_b' }).error;
    expect(error && firstIssueCode(error)).toBe(E.USERNAME_SPECIAL_CHARS.code);
  });

  it("shows a code's variant in that variant's words, keeping the code", () => {
    const message = codeMessage(E.USDT_ADDRESS_INVALID, 'solana');
    expect(message).toBe('10021:solana');
    expect(issueCode({ message })).toBe(E.USDT_ADDRESS_INVALID.code);
    expect(validationMessage(message, 'en')).toBe('Invalid USDT Address (Solana)');
    expect(validationMessage(message, 'th')).toBe('ที่อยู่ USDT ไม่ถูกต้อง (Solana)');
    expect(issueDef(message).status).toBe(E.USDT_ADDRESS_INVALID.status);
  });

  it("falls back to the code's own words for a variant it does not have", () => {
    expect(validationMessage('10021:polygon', 'en')).toBe(E.USDT_ADDRESS_INVALID.en);
    expect(validationMessage('10025:evm', 'th')).toBe(E.USERNAME_LENGTH.th);
    expect(issueCode({ message: '10021:' })).toBe(E.INVALID_INPUT.code);
    for (const inherited of ['constructor', '__proto__', 'toString']) {
      expect(validationMessage(`10021:${inherited}`, 'en')).toBe(E.USDT_ADDRESS_INVALID.en);
    }
  });
});
