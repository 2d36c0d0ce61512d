import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { E } from './errors.ts';
import {
  buyAmountSchema,
  buyQuote,
  Decimal,
  feePercentString,
  formatMoney,
  formatThb,
  formatUsdt,
  moneyString,
  parseDecimal,
  rateString,
  sellAmountSchema,
  sellQuote,
  toMoneyString,
  truncate2,
} from './money.ts';

/** Plain decimal strings from 0 to 10^12 with 0 to 6 decimals. */
const decimalString = (maxScale = 6) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: maxScale }))
    .map(([n, scale]) => {
      const digits = n.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    });
const signedDecimalString = fc.tuple(fc.boolean(), decimalString()).map(([neg, s]) => (neg ? `-${s}` : s));
const firstCode = (
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

describe('parseDecimal accepts plain decimals only', () => {
  it.each(['0', '12', '12.5', '-0.25', '0012.30'])('accepts %j', (s) => {
    expect(parseDecimal(s)?.toString()).toBe(new Decimal(s).toString());
  });

  it.each([
    '',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '1E-2',
    '0x10',
    '+1',
    '.5',
    '5.',
    '1,000',
    '1_000',
    '١٢',
    '9'.repeat(41),
  ])('refuses %j', (s) => {
    expect(parseDecimal(s)).toBeNull();
  });
});

describe('truncate2 cuts to 2 decimals without rounding', () => {
  it('never rounds up', () => {
    expect(toMoneyString('12.349')).toBe('12.34');
    expect(toMoneyString('0.999')).toBe('0.99');
    expect(toMoneyString('-12.349')).toBe('-12.34');
    expect(toMoneyString('7')).toBe('7.00');
  });

  it('keeps 0.1 + 0.2 exact, unlike floats', () => {
    expect(toMoneyString(new Decimal('0.1').plus('0.2'))).toBe('0.30');
  });

  it('refuses a string that is not a plain decimal', () => {
    expect(() => truncate2('1e3')).toThrow(TypeError);
  });

  it('never exceeds the input and differs from it by less than 0.01 (property)', () => {
    fc.assert(
      fc.property(decimalString(), (s) => {
        const x = new Decimal(s);
        const t = truncate2(s);
        return t.lte(x) && x.minus(t).lt('0.01') && t.decimalPlaces() <= 2;
      }),
      { numRuns: 1000 },
    );
  });

  it('truncates toward zero for negative amounts (property)', () => {
    fc.assert(
      fc.property(signedDecimalString, (s) => {
        const x = new Decimal(s);
        const t = truncate2(s);
        return t.abs().lte(x.abs()) && x.minus(t).abs().lt('0.01') && (t.isZero() || t.isNeg() === x.isNeg());
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatting with comma thousand separators and 2 decimals', () => {
  it.each([
    ['1234567.891', '1,234,567.89'],
    ['0', '0.00'],
    ['999', '999.00'],
    ['1000', '1,000.00'],
    ['3000000', '3,000,000.00'],
    ['-1234.5', '-1,234.50'],
  ])('formats %j as %j', (s, out) => {
    expect(formatMoney(s)).toBe(out);
    expect(formatThb(s)).toBe(out);
    expect(formatUsdt(s)).toBe(out);
  });

  it('shows the truncated amount once the commas are removed (property)', () => {
    fc.assert(
      fc.property(signedDecimalString, (s) => {
        const shown = formatMoney(s);
        return shown.replaceAll(',', '') === toMoneyString(s) && /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(shown);
      }),
      { numRuns: 500 },
    );
  });
});

describe('wire schemas', () => {
  it('moneyString takes digits with at most 2 decimals, as a string', () => {
    expect(moneyString.parse('35.42')).toBe('35.42');
    expect(moneyString.parse('1000')).toBe('1000');
    for (const bad of ['12.345', '-1', '1e3', '1,000', 'NaN', ' 1', '1.']) {
      expect(firstCode(moneyString, bad), bad).toBe(String(E.WRONG_FORMAT.code));
    }
    expect(firstCode(moneyString, 35.42)).toBe(String(E.AMOUNT_REQUIRED.code));
    expect(firstCode(moneyString, '')).toBe(String(E.AMOUNT_REQUIRED.code));
  });

  it('rateString takes a positive rate', () => {
    expect(rateString.parse('35.42')).toBe('35.42');
    expect(firstCode(rateString, '0')).toBe(String(E.RATE_INCORRECT.code));
    expect(firstCode(rateString, 'abc')).toBe(String(E.RATE_INCORRECT.code));
    expect(firstCode(rateString, undefined)).toBe(String(E.RATE_REQUIRED.code));
  });

  it('feePercentString takes 0 to below 100 percent with at most 3 decimals', () => {
    expect(feePercentString.parse('0')).toBe('0');
    expect(feePercentString.parse('99.999')).toBe('99.999');
    expect(firstCode(feePercentString, '100')).toBe(String(E.FEE_INVALID.code));
    expect(firstCode(feePercentString, '0.1234')).toBe(String(E.FEE_INVALID.code));
    expect(firstCode(feePercentString, 'x')).toBe(String(E.FEE_INVALID.code));
  });

  it('buy amounts are 1,000 to 3,000,000 THB', () => {
    expect(buyAmountSchema.parse('1000')).toBe('1000');
    expect(buyAmountSchema.parse('3000000.00')).toBe('3000000.00');
    expect(firstCode(buyAmountSchema, '999.99')).toBe(String(E.BUY_MIN.code));
    expect(firstCode(buyAmountSchema, '3000000.01')).toBe(String(E.BUY_MAX.code));
    expect(firstCode(buyAmountSchema, 'lots')).toBe(String(E.WRONG_FORMAT.code));
  });

  it('sell amounts are 100 to 100,000 USDT', () => {
    expect(sellAmountSchema.parse('100')).toBe('100');
    expect(sellAmountSchema.parse('100000')).toBe('100000');
    expect(firstCode(sellAmountSchema, '99.99')).toBe(String(E.SELL_MIN.code));
    expect(firstCode(sellAmountSchema, '100000.01')).toBe(String(E.SELL_MAX.code));
  });

  it('no string makes the schemas throw (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), signedDecimalString), (s) => {
        for (const schema of [moneyString, rateString, feePercentString, buyAmountSchema, sellAmountSchema]) {
          schema.safeParse(s);
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});

describe('buy quote: USDT = THB / buy rate, truncated', () => {
  it('truncates the USDT amount', () => {
    // 1000 / 35.42 = 28.2326...
    expect(buyQuote('1000', '35.42')).toEqual({ thb: '1000.00', rate: '35.42', usdt: '28.23' });
    // 3000000 / 36.99 = 81103.00081...
    expect(buyQuote('3000000', '36.99').usdt).toBe('81103.00');
  });

  it('never gives more USDT than the THB pays for, and misses by less than 0.01 USDT (property)', () => {
    fc.assert(
      fc.property(decimalString(2), decimalString(2), (thb, rate) => {
        fc.pre(new Decimal(rate).gt(0));
        const usdt = new Decimal(buyQuote(thb, rate).usdt);
        return usdt.times(rate).lte(thb) && usdt.plus('0.01').times(rate).gt(thb);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a zero rate', () => {
    expect(() => buyQuote('1000', '0')).toThrow(RangeError);
  });
});

describe('sell quote: THB = USDT x sell rate minus a percentage fee, truncated', () => {
  it('shows gross, fee and net', () => {
    // 100.5 x 35.37 = 3554.685 -> 3554.68; 0.5% = 17.7734 -> 17.77; net 3536.91
    expect(sellQuote('100.5', '35.37', '0.5')).toEqual({
      usdt: '100.50',
      rate: '35.37',
      feePercent: '0.5',
      gross: '3554.68',
      fee: '17.77',
      net: '3536.91',
    });
    expect(sellQuote('100', '35', '0')).toMatchObject({ gross: '3500.00', fee: '0.00', net: '3500.00' });
  });

  it('always has gross = fee + net, with no amount below zero or above gross (property)', () => {
    fc.assert(
      fc.property(
        decimalString(2),
        decimalString(2),
        fc.integer({ min: 0, max: 10000 }),
        (usdt, rate, bp) => {
          fc.pre(new Decimal(rate).gt(0));
          const q = sellQuote(usdt, rate, new Decimal(bp).div(1000).toFixed());
          const [gross, fee, net] = [q.gross, q.fee, q.net].map((s) => new Decimal(s)) as [
            Decimal,
            Decimal,
            Decimal,
          ];
          return (
            fee.plus(net).eq(gross) &&
            fee.gte(0) &&
            net.gte(0) &&
            gross.lte(new Decimal(usdt).times(rate)) &&
            new Decimal(usdt).times(rate).minus(gross).lt('0.01')
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses a fee outside 0 to below 100 percent and a zero rate', () => {
    expect(() => sellQuote('100', '35', '100')).toThrow(RangeError);
    expect(() => sellQuote('100', '0', '1')).toThrow(RangeError);
  });
});
