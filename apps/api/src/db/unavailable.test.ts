import { describe, expect, it } from 'vitest';
import { acquireTimeoutError, isDatabaseUnavailable } from './unavailable.ts';

describe('isDatabaseUnavailable', () => {
  it('finds an outage error inside an AggregateError or a cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Migration failed', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(acquireTimeoutError(1000))).toBe(true);
  });

  it('leaves faults and bad input alone', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['42P01', '23505', '22001', '40001', '57P04', '0800', 'ERR_INVALID_ARG_TYPE']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
