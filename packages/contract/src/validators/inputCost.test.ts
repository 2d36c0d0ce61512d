import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminEndpoints,
  changePasswordBodySchema,
  chatLinkSchema,
  confirmTransactionBodySchema,
  editProfileBodySchema,
  htmlPageInputSchema,
  memberEndpoints,
  newsInputSchema,
  pageLinkSchema,
  signInBodySchema,
  transactionIdSchema,
  transactionListBodySchema,
} from '../endpoints/index.ts';
import { bankAccountInputSchema, usdtAddressInputSchema } from '../endpoints/payments.ts';
import * as contract from '../index.ts';
import { buyAmountSchema, feePercentString, moneyString, rateString } from '../money.ts';
import { NETWORK_IDS } from '../networks.ts';
import { accountNameSchema } from './bankAccount.ts';
import { imageBase64Schema } from './image.ts';
import {
  emailSchema,
  otpSchema,
  passwordConfirmationSchema,
  passwordSchema,
  personNameSchema,
  thaiPhoneSchema,
  usernameSchema,
} from './member.ts';
import { nicknameSchema } from './usdtAddress.ts';

/**
 * Input cost (decision 0015): a 1 MB value in any field costs about what a plain 1 MB string costs
 * the same rule, so no shape of text makes a request expensive. Each rule runs on a plain 1 MB
 * string and on adversarial 1 MB texts: shapes every rule gets (repeated short words, one repeated
 * character, whitespace, digits, invisible characters) and near-misses of the rule's own patterns
 * (almost matching all the way, failing at the last character). The only timing assertion: the
 * fastest adversarial run stays within 5 times the fastest plain run, or 20 ms, whichever is larger, so
 * a busy machine does not fail it. bench/adversarial-input.mjs prints the figures.
 */
const SIZE = 1 << 20;
const RUNS = 5;
const FACTOR = 5;
const FLOOR_MS = 20;

/** `unit` repeated to SIZE characters, ending with `tail`. */
const fill = (unit: string, tail = '', size = SIZE): string =>
  unit.repeat(Math.ceil((size - tail.length) / unit.length)).slice(0, size - tail.length) + tail;

const PLAIN = fill('a');
const EVERY_RULE: Record<string, string> = {
  'repeated short words': fill('ab ', '!'),
  'one repeated character': fill('a', '!'),
  whitespace: fill(' ', 'x'),
  digits: fill('0', 'x'),
  'invisible characters': fill('a\u200b'),
};

/**
 * The fastest of RUNS runs: what the work itself costs. Another process on a busy machine only
 * ever adds time, so the fastest run is the figure load disturbs least.
 */
function fastestMs(run: () => unknown): number {
  run();
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

interface Rule {
  /** Runs the rule on one text, in the place a request puts it. */
  readonly run: (s: string) => unknown;
  /** Texts that match the rule's patterns almost to the end. */
  readonly nearMisses: readonly string[];
}

const field = (schema: z.ZodType, nearMisses: readonly string[] = []): Rule => ({
  run: (s) => schema.safeParse(s),
  nearMisses,
});
const inBody = (
  schema: z.ZodType,
  body: (s: string) => unknown,
  nearMisses: readonly string[] = [],
): Rule => ({
  run: (s) => schema.safeParse(body(s)),
  nearMisses,
});

const HEX_NEAR_MISSES = [`0x${fill('a', 'g')}`, fill('0a'), fill('A1', 'O')];
const BASE58_NEAR_MISSES = [fill('1', '0'), fill('Es9v', 'l'), fill('A', '0')];
const DECIMAL_NEAR_MISSES = [fill('1', '.'), fill('1.1', 'x'), fill('9', '.123')];

const RULES: Record<string, Rule> = {
  username: field(usernameSchema, [fill('aB3', '!')]),
  'sign-in username and password': inBody(signInBodySchema, (s) => ({ username: s, password: s })),
  password: field(passwordSchema, [fill('Aa1', '!')]),
  'password confirmation': field(passwordConfirmationSchema),
  'current password': field(editProfileBodySchema.shape.currentPassword),
  'first and last name': field(personNameSchema, [
    fill('ab ', '1'),
    fill('ab  ', '!'),
    fill('\u0e01\u0e32 ', '!'),
    fill('a\u00a0', '!'),
    fill('a\ufeff', '!'),
  ]),
  email: field(emailSchema, [
    fill('a.', '@'),
    fill('a', '@a'),
    `a@${fill('a.', '-')}`,
    `a@${fill('a-', '.1')}`,
    fill("a'+-_", '@'),
    fill('a@', '.'),
  ]),
  phone: field(thaiPhoneSchema, [fill('0 ', 'x'), `+66${fill('8')}`, fill('(-).', '0'), fill('66', '0')]),
  OTP: field(otpSchema, [fill('1', 'x')]),
  'password reset ticket': field(changePasswordBodySchema.shape.resetTicket),
  'bank account number': inBody(
    bankAccountInputSchema,
    (s) => ({ bankCode: 'KBANK', accountNumber: s, accountName: 'Somchai Jaidee' }),
    [fill('1-', 'x'), fill('1 ', 'x'), fill('1')],
  ),
  'bank account name': field(accountNameSchema, [fill('ab ', '\u0000'), fill('a\t', '\u0007')]),
  'address nickname': field(nicknameSchema, [fill('ab ', '\u0000')]),
  ...Object.fromEntries(
    NETWORK_IDS.map((network) => [
      `USDT address (${network})`,
      inBody(usdtAddressInputSchema, (s) => ({ network, address: s }), [
        ...HEX_NEAR_MISSES,
        ...BASE58_NEAR_MISSES,
        `bnb1${fill('q', 'b')}`,
        fill('bnb1'),
      ]),
    ]),
  ),
  'page link': field(pageLinkSchema, [fill('a-', '-'), fill('a', '-'), fill('a-', 'A')]),
  'chat link': field(chatLinkSchema, [
    `https://${fill('a.', '/')}`,
    `https://a.b/${fill('%2')}`,
    fill('https://'),
  ]),
  'news title': field(newsInputSchema.shape.titleEn),
  'news text': field(newsInputSchema.shape.bodyTh),
  'page title': field(htmlPageInputSchema.shape.titleTh),
  'page text': field(htmlPageInputSchema.shape.bodyEn),
  'transaction id': field(transactionIdSchema, [fill('a-', '!'), fill('B2509', ' ')]),
  'transfer hash': inBody(
    confirmTransactionBodySchema,
    (s) => ({ id: 'S250903000123', method: 'usdt_transfer', txHash: s }),
    [...HEX_NEAR_MISSES, ...BASE58_NEAR_MISSES],
  ),
  'appointment location': inBody(
    confirmTransactionBodySchema,
    (s) => ({
      id: 'B250903000123',
      method: 'cash_appointment',
      location: s,
      appointmentAt: '2025-09-08T10:00:00+07:00',
    }),
    [fill(' ', '\u0000')],
  ),
  'appointment time': inBody(
    confirmTransactionBodySchema,
    (s) => ({ id: 'B250903000123', method: 'cash_appointment', location: 'Silom', appointmentAt: s }),
    [`2025-09-08T10:00:00.${fill('0', 'x')}`, `2025-09-08T10:00:00${fill('0')}`],
  ),
  'history date': inBody(
    transactionListBodySchema,
    (s) => ({ filter: 'custom', startDate: s, endDate: '2025-09-08' }),
    [`2025-09-08${fill('0')}`, fill('2025-', '0')],
  ),
  'money amount': field(moneyString, DECIMAL_NEAR_MISSES),
  'buy amount': field(buyAmountSchema, DECIMAL_NEAR_MISSES),
  rate: field(rateString, DECIMAL_NEAR_MISSES),
  'sell fee': field(feePercentString, DECIMAL_NEAR_MISSES),
  'base64 image': field(imageBase64Schema, [fill('AAAA', '=!'), fill('/9j/', '='), fill('iVBO', '==A=')]),
};

describe('a 1 MB value costs any rule about what a plain 1 MB string costs it', () => {
  it.each(Object.entries(RULES))('%s', (_name, rule) => {
    const plain = fastestMs(() => rule.run(PLAIN));
    const limit = Math.max(FACTOR * plain, FLOOR_MS);
    const shapes = {
      ...EVERY_RULE,
      ...Object.fromEntries(rule.nearMisses.map((s, i) => [`near-miss ${i}`, s])),
    };
    for (const [shape, text] of Object.entries(shapes)) {
      const ms = fastestMs(() => rule.run(text));
      expect(ms, `${shape}: ${ms.toFixed(2)} ms, plain ${plain.toFixed(2)} ms`).toBeLessThanOrEqual(limit);
    }
  });
});

// Every string a request carries checks its length first.

type AnySchema = z.core.$ZodType;

/**
 * Each string schema inside `schema`, with where it sits. Pipes are entered on their input side
 * only, unless `bothSides` (a pipe's output side sees only what its input side let through).
 */
function* stringsIn(schema: AnySchema, at: string, bothSides = false): Generator<[string, AnySchema]> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string, suffix = '') => stringsIn(def[key] as AnySchema, at + suffix, bothSides);
  switch (def.type) {
    case 'string':
      yield [at, schema];
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, AnySchema>)) {
        yield* stringsIn(value, `${at}.${key}`, bothSides);
      }
      return;
    case 'union':
      for (const option of def.options as AnySchema[]) yield* stringsIn(option, at, bothSides);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      yield* inner('innerType');
      return;
    case 'pipe':
      yield* inner('in');
      if (bothSides) yield* inner('out');
      return;
    case 'array':
      yield* inner('element', '[]');
      return;
    case 'record':
      yield* inner('keyType', '{key}');
      yield* inner('valueType', '{}');
      return;
    case 'intersection':
      yield* inner('left');
      yield* inner('right');
      return;
    default:
      return;
  }
}

/** True when the schema's first check is a maximum length that stops the field's other checks. */
function checksLengthFirst(schema: AnySchema): boolean {
  const first = schema._zod.def.checks?.[0]?._zod.def as { check?: string; abort?: boolean } | undefined;
  return first?.check === 'max_length' && first.abort === true;
}

/**
 * zod's own ISO date-time format, where it stops the field's checks when it fails: its regex is
 * anchored and linear (the 'appointment time' case above measures it), and no check can run before
 * a format's own.
 */
function isAbortingIsoFormat(schema: AnySchema): boolean {
  const def = schema._zod.def as { format?: string; abort?: boolean };
  return def.format === 'datetime' && def.abort === true;
}

describe('every string in a request body or query checks its length first', () => {
  const inputs = Object.entries({ ...memberEndpoints, ...adminEndpoints }).flatMap(([name, e]) => {
    const parts = e as { body?: AnySchema; query?: AnySchema; params?: AnySchema };
    return (['body', 'query', 'params'] as const).flatMap((part) => {
      const schema = parts[part];
      return schema ? [...stringsIn(schema, `${name}.${part}`)] : [];
    });
  });

  it('finds the strings of the requests', () => {
    expect(inputs.map(([at]) => at)).toEqual(
      expect.arrayContaining([
        'editProfile.body.firstName',
        'addPayment.body.address',
        'getHtmlPage.query.link',
      ]),
    );
  });

  it.each(inputs)('%s', (_at, schema) => {
    expect(checksLengthFirst(schema) || isAbortingIsoFormat(schema)).toBe(true);
  });
});

describe('every pattern a contract schema tests is linear in the length of the text', () => {
  const schemas = Object.entries(contract).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null && '_zod' in value
      ? [[name, value as AnySchema] as const]
      : [],
  );
  const endpoints = Object.entries({ ...memberEndpoints, ...adminEndpoints }).flatMap(([name, e]) =>
    (['body', 'query', 'params'] as const).flatMap((part) => {
      const schema = (e as Partial<Record<typeof part, AnySchema>>)[part];
      return schema ? [[`${name}.${part}`, schema] as const] : [];
    }),
  );
  const patterns = new Map<string, RegExp>();
  for (const [name, schema] of [...schemas, ...endpoints]) {
    for (const [at, string] of stringsIn(schema, name, true)) {
      const defs = [string._zod.def, ...(string._zod.def.checks ?? []).map((c) => c._zod.def)];
      for (const d of defs as { pattern?: unknown }[]) {
        if (d.pattern instanceof RegExp && !patterns.has(d.pattern.source))
          patterns.set(d.pattern.source, d.pattern);
        void at;
      }
    }
  }
  /** Shapes of adversarial text at a given size: each rule's shapes and near-misses of common patterns. */
  const shapes = (size: number) => [
    fill('ab ', '!', size),
    fill('a', '!', size),
    fill(' ', 'x', size),
    fill('0', 'x', size),
    fill('a\u200b', '', size),
    fill('a.', '@', size),
    fill('a-', '-', size),
    fill('a', '@a', size),
    `a@${fill('a.', '-', size - 2)}`,
    `0x${fill('a', 'g', size - 2)}`,
    fill('1.1', 'x', size),
    fill('A1', '0', size),
  ];

  it('finds the patterns of the name, email and page link rules', () => {
    expect(patterns.size).toBeGreaterThanOrEqual(10);
    expect([...patterns.keys()].some((source) => source.includes('@'))).toBe(true);
  });

  /**
   * Without the length caps in front: each pattern on 16 K and on 64 K characters of each shape. A
   * linear pattern takes about 4 times as long, well under a millisecond; a quadratic one 16 times,
   * and on 64 K characters seconds. The assertion allows 8 times, or 20 ms. (Past about 256 K
   * characters V8's backtracking outgrows the processor's caches and every pattern, linear or not,
   * jumps by a constant factor, so larger sizes would compare the machine rather than the pattern.)
   * A cubic or exponential pattern does not fail here but hangs the run: either way it does not pass.
   */
  it.each(
    [...patterns.values()].map((re) => [
      re.source.length > 60 ? `${re.source.slice(0, 60)}...` : re.source,
      re,
    ]),
  )('%s', (_source, re) => {
    const quarter = shapes(SIZE / 64);
    for (const [i, text] of shapes(SIZE / 16).entries()) {
      const small = fastestMs(() => re.test(quarter[i] as string));
      const full = fastestMs(() => re.test(text));
      expect(full, `shape ${i}: ${full.toFixed(2)} ms, a quarter ${small.toFixed(2)} ms`).toBeLessThanOrEqual(
        Math.max(8 * small, FLOOR_MS),
      );
    }
  });
});
