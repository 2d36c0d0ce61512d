import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addPaymentBodySchema, editProfileBodySchema } from '../endpoints/index.ts';
import { E } from '../errors.ts';
import { accountNameSchema } from './bankAccount.ts';
import { isValidName, personNameSchema } from './member.ts';
import { cappedString, hasInvisibleChars, inputCap } from './text.ts';
import { nicknameSchema } from './usdtAddress.ts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/** The characters a screen does not show, or that reorder what it shows, by class. */
const INVISIBLE: Record<string, string[]> = {
  'bidi embeddings and overrides U+202A-U+202E': range(0x202a, 0x202e),
  'bidi isolates U+2066-U+2069': range(0x2066, 0x2069),
  'zero-width characters and direction marks U+200B-U+200F': range(0x200b, 0x200f),
  'word joiner U+2060': ['\u2060'],
  'byte order mark U+FEFF': ['\ufeff'],
  'soft hyphen U+00AD': ['\u00ad'],
  'line and paragraph separators U+2028, U+2029': ['\u2028', '\u2029'],
  'lone surrogates': ['\ud800', '\udbff', '\udc00', '\udfff'],
};

const hex = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Each character of a class at the start, in the middle and at the end of `text`. */
const placed = (chars: string[], text: string) =>
  chars.flatMap((c) => [
    [hex(c), 'start', c + text],
    [hex(c), 'middle', text.slice(0, 3) + c + text.slice(3)],
    [hex(c), 'end', text + c],
  ]);

const FIELDS: [string, z.ZodType, string, number][] = [
  ['first or last name', personNameSchema, 'Somchai', E.NAME_INVALID.code],
  ['bank account name', accountNameSchema, 'นายสมชาย ใจดี', E.INVALID_INPUT.code],
  ['address nickname', nicknameSchema, 'Main wallet', E.INVALID_INPUT.code],
];

describe.each(FIELDS)('%s: no invisible or direction-changing character', (_field, schema, text, code) => {
  it('accepts the text without one', () => {
    expect(schema.safeParse(text).success).toBe(true);
  });

  it.each(Object.entries(INVISIBLE))('refuses %s with the field’s own code', (_class, chars) => {
    for (const [c, where, value] of placed(chars, text)) {
      const r = schema.safeParse(value);
      expect(
        r.error?.issues.map((i) => i.message),
        `${c} at the ${where}`,
      ).toEqual([String(code)]);
    }
  });
});

describe('the request bodies answer with the field and its code', () => {
  it('editProfile: a right-to-left override in the first name is 10030 on firstName', () => {
    const r = editProfileBodySchema.safeParse({
      firstName: 'Som\u202echai',
      lastName: 'Jaidee',
      phone: '0812345678',
      email: 'somchai@example.com',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', String(E.NAME_INVALID.code)],
    ]);
  });

  it('addPayment: a zero-width space in the account name is 400 on accountName', () => {
    const r = addPaymentBodySchema.safeParse({
      type: 'bank',
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai\u200b Jaidee',
      currentPassword: 'secret1',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['accountName', String(E.INVALID_INPUT.code)],
    ]);
  });

  it('addPayment: an isolate in the nickname is 400 on nickname', () => {
    const r = addPaymentBodySchema.safeParse({
      type: 'usdt',
      network: 'BEP20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      uid: '12345678',
      nickname: '\u2067Main\u2069',
      currentPassword: 'secret1',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nickname', String(E.INVALID_INPUT.code)],
    ]);
  });
});

it('refuses the rest of the format category too: Arabic letter mark, invisible operators, tag characters', () => {
  for (const c of ['\u061c', '\u2062', '\u{e0041}', '\u180e']) {
    expect(hasInvisibleChars(`a${c}b`), hex(c)).toBe(true);
    expect(nicknameSchema.safeParse(`a${c}b`).success, hex(c)).toBe(false);
  }
});

describe('what stays allowed', () => {
  it('names: Thai with vowels and tone marks, single spaces; runs of ordinary spaces still collapse', () => {
    expect(personNameSchema.parse('ณัฐ  พล')).toBe('ณัฐ พล');
    expect(personNameSchema.parse(' Mary\u00a0Jane ')).toBe('Mary Jane');
    expect(isValidName('Mary Jane')).toBe(true);
    expect(isValidName('Mary\u200bJane')).toBe(false);
    expect(isValidName('\ufeffMary')).toBe(false);
  });

  it('account names and nicknames: punctuation, Thai, and emoji written with surrogate pairs', () => {
    expect(accountNameSchema.parse('บจก. สยาม (ไทย)')).toBe('บจก. สยาม (ไทย)');
    expect(nicknameSchema.parse('Savings 🚀')).toBe('Savings 🚀');
    expect(hasInvisibleChars('🚀')).toBe(false);
    expect(hasInvisibleChars('\ud83d')).toBe(true);
  });
});

describe('cappedString', () => {
  it('answers only the too-long code past the cap, and runs the later checks below it', () => {
    const schema = cappedString(inputCap(10), 'long', 'type').trim().regex(/^a+$/, 'format');
    expect(inputCap(10)).toBe(64);
    expect(inputCap(100)).toBe(200);
    expect(schema.safeParse('b'.repeat(65)).error?.issues.map((i) => i.message)).toEqual(['long']);
    expect(schema.safeParse('b'.repeat(64)).error?.issues.map((i) => i.message)).toEqual(['format']);
    expect(schema.safeParse(7).error?.issues.map((i) => i.message)).toEqual(['type']);
    expect(schema.parse(' aaa ')).toBe('aaa');
  });
});
