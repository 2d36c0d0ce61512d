import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { E } from '../../errors.ts';
import { rejectOrderBodySchema } from './orders.ts';

const codes = (schema: z.ZodType, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
const REASON_REQUIRED = String(E.ORDER_REASON_REQUIRED.code);

describe('rejectOrderBodySchema', () => {
  it.each([
    ['amountMismatch', { en: 'Call us', th: '' }],
    ['amountMismatch', { en: '', th: 'โทรหาเรา' }],
    ['paymentNotReceived', { en: '  ', th: 'โทรหาเรา' }],
    ['other', { en: 'Call us', th: '' }],
    ['other', undefined],
    ['other', { en: '', th: '' }],
  ])(
    'rule: a note in one language only (or none for other) is refused with 50045: %s %o',
    (reasonCode, note) => {
      expect(codes(rejectOrderBodySchema, { reasonCode, note })).toEqual([REASON_REQUIRED]);
    },
  );

  it.each([
    ['amountMismatch', undefined],
    ['amountMismatch', { en: '', th: '' }],
    ['amountMismatch', { en: 'Call us', th: 'โทรหาเรา' }],
    ['other', { en: 'Call us', th: 'โทรหาเรา' }],
  ])('rule: no note, or a note in both languages, is accepted: %s %o', (reasonCode, note) => {
    expect(codes(rejectOrderBodySchema, { reasonCode, note })).toEqual([]);
  });
});
