import { describe, expect, it } from 'vitest';
import { clock, msLeft } from './Countdown.tsx';

describe('the payment countdown', () => {
  it('counts down from the server deadline to zero, never below', () => {
    const deadline = '2026-11-25T07:15:00.000Z';
    expect(msLeft(deadline, Date.parse('2026-11-25T07:00:00.000Z'))).toBe(15 * 60_000);
    expect(msLeft(deadline, Date.parse('2026-11-25T07:16:00.000Z'))).toBe(0);
  });

  it('shows minutes and seconds, hours from an hour, and rounds a started second up', () => {
    expect(clock(15 * 60_000)).toBe('15:00');
    expect(clock(61_500)).toBe('1:02');
    expect(clock(999)).toBe('0:01');
    expect(clock(0)).toBe('0:00');
    expect(clock(2 * 3_600_000 + 5_000)).toBe('2:00:05');
  });
});
