import { describe, expect, it } from 'vitest';
import en from '../locales/en/ui.json';
import th from '../locales/th/ui.json';

describe("the kit's own words", () => {
  it('has exactly the same keys in English and Thai, none empty', () => {
    expect(Object.keys(th).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(th)]) expect(text.trim()).not.toBe('');
  });
});
