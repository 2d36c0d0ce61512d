import { describe, expect, it } from 'vitest';
import { calculate } from './calc.ts';

const RATES = { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1.00' };

describe('calculator', () => {
  it('buys USDT at the buy rate, truncating to 2 decimals (never rounding up)', () => {
    // 10,000 / 35.50 = 281.6901... -> 281.69
    expect(calculate('buy', '10000', RATES)).toMatchObject({ kind: 'buy', thb: '10000.00', usdt: '281.69' });
    // 1,000 / 35.50 = 28.1690... -> 28.16, not 28.17
    expect(calculate('buy', '1,000', RATES)).toMatchObject({ usdt: '28.16' });
    // 2,000 / 3 = 666.666... -> 666.66
    expect(calculate('buy', '2000', { ...RATES, buyRate: '3' })).toMatchObject({ usdt: '666.66' });
  });

  it('sells USDT at the sell rate, the fee deducted, each amount truncated', () => {
    // 123.45 x 34.80 = 4,296.06; fee 1 % = 42.9606 -> 42.96; net 4,253.10
    expect(calculate('sell', '123.45', RATES)).toMatchObject({
      kind: 'sell',
      gross: '4296.06',
      fee: '42.96',
      net: '4253.10',
    });
    // 100.01 x 33.33 = 3,333.3333 -> 3,333.33; fee 0.5 % = 16.66665 -> 16.66; net 3,316.67
    expect(calculate('sell', '100.01', { ...RATES, sellRate: '33.33', sellFeePercent: '0.5' })).toMatchObject(
      {
        gross: '3333.33',
        fee: '16.66',
        net: '3316.67',
      },
    );
  });

  it('cuts extra decimals the member types instead of rounding them', () => {
    expect(calculate('buy', '1000.999', RATES)).toMatchObject({ thb: '1000.99' });
    expect(calculate('sell', '100.999', RATES)).toMatchObject({ usdt: '100.99' });
  });

  it('warns outside the buy and sell limits with the catalogue codes', () => {
    expect(calculate('buy', '999.99', RATES)).toMatchObject({ warning: { code: 50021 } });
    expect(calculate('buy', '3000000.01', RATES)).toMatchObject({ warning: { code: 50023 } });
    expect(calculate('sell', '99', RATES)).toMatchObject({ warning: { code: 50022 } });
    expect(calculate('sell', '100001', RATES)).toMatchObject({ warning: { code: 50024 } });
    expect(calculate('buy', '1000', RATES)).toMatchObject({ warning: null });
  });

  it('rejects what is not a positive number with the wrong-format code', () => {
    for (const input of ['abc', '1e3', '-5', '0', '12.3.4']) {
      expect(calculate('buy', input, RATES)).toMatchObject({ kind: 'invalid', error: { code: 50025 } });
    }
    expect(calculate('buy', '  ', RATES)).toEqual({ kind: 'empty' });
  });
});
