import { formatThb } from '@bahtdesk/contract';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatWholeAmount } from './amount.ts';

describe('amount display', () => {
  it('matches the contract formatter for wire amounts', () => {
    const samples = ['0', '0.5', '1', '12.3', '999.99', '1000', '1234567.89', '3000000', '100000.01', '35.5'];
    for (let i = 0; i < 200; i += 1)
      samples.push(`${(i * 7919) % 100000007}.${String(i % 100).padStart(2, '0')}`);
    for (const s of samples) expect(formatAmount(s)).toBe(formatThb(s));
  });

  it('groups thousands with commas and never rounds up', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0.999')).toBe('0.99');
    expect(formatWholeAmount('3000000')).toBe('3,000,000');
    expect(formatAmount('not a number')).toBe('');
  });
});
