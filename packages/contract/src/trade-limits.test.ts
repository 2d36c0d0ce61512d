import { describe, expect, it } from 'vitest';
import { settingDefaults } from './settings.ts';
import { tradeLimitsSchema } from './trade-limits.ts';

describe('tradeLimitsSchema', () => {
  it.each(['', 'abc', '-5', '1e9', '0.00'])(
    'rule: a limit of %j is refused with a code, never thrown',
    (bad) => {
      const value = {
        ...settingDefaults.tradeLimits,
        level1: { ...settingDefaults.tradeLimits.level1, buyDayThb: bad },
      };
      const parsed = tradeLimitsSchema.safeParse(value);
      expect(parsed.success).toBe(false);
    },
  );

  it('rule: the defaults pass; a day above its month, or level 2 below level 1, does not (40024)', () => {
    expect(tradeLimitsSchema.safeParse(settingDefaults.tradeLimits).success).toBe(true);
    const l1 = settingDefaults.tradeLimits.level1;
    const dayAbove = { ...settingDefaults.tradeLimits, level1: { ...l1, sellDayThb: '1000000.01' } };
    expect(tradeLimitsSchema.safeParse(dayAbove).error?.issues[0]?.message).toBe('40024');
    const lower = { level1: settingDefaults.tradeLimits.level2, level2: l1 };
    expect(tradeLimitsSchema.safeParse(lower).error?.issues[0]?.message).toBe('40024');
  });
});
