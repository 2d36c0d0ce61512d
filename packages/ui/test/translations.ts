import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every key of a catalogue, dotted (`language.label`). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

/**
 * The Thai words the apps do not use, each with the one they use instead: an order is a รายการ
 * (not คำสั่ง, คำสั่งซื้อ/ขาย or ออเดอร์), a chat is แชท (not แชต or แช็ต).
 */
export const REJECTED_THAI_VARIANTS: readonly { readonly variant: RegExp; readonly use: string }[] = [
  { variant: /คำสั่ง/, use: 'รายการ' },
  { variant: /ออเดอร์/, use: 'รายการ' },
  { variant: /แชต|แช็ต/, use: 'แชท' },
];

/**
 * The translation-parity tests of a `locales` folder (one JSON catalogue per namespace under `en/`
 * and `th/`): the same namespaces and keys in both languages, no empty text, and the same
 * `{{placeholders}}` in each pair. Both apps and the kit run them on their own folders.
 */
export function translationParity(dir: string): void {
  const read = (lang: string, file: string): unknown =>
    JSON.parse(readFileSync(join(dir, lang, file), 'utf8'));

  describe('translations', () => {
    const files = readdirSync(join(dir, 'en')).sort();

    it('has the same namespaces in English and Thai', () => {
      expect(readdirSync(join(dir, 'th')).sort()).toEqual(files);
    });

    for (const file of files) {
      it(`has exactly the same keys in English and Thai: ${file}`, () => {
        expect(keys(read('th', file)).sort()).toEqual(keys(read('en', file)).sort());
      });

      it(`has no empty text and the same {{placeholders}}: ${file}`, () => {
        const en = read('en', file);
        const th = read('th', file);
        for (const key of keys(en)) {
          const get = (o: unknown) =>
            key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], o) as string;
          expect(get(en).trim(), key).not.toBe('');
          expect(get(th).trim(), key).not.toBe('');
          const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
          expect(vars(get(th)), key).toEqual(vars(get(en)));
        }
      });

      it(`uses one Thai word for an order (รายการ) and one for a chat (แชท): ${file}`, () => {
        const th = read('th', file);
        const found = keys(th).flatMap((key) => {
          const text = key
            .split('.')
            .reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], th) as string;
          return REJECTED_THAI_VARIANTS.filter((r) => r.variant.test(text)).map(
            (r) => `${key}: ${text} (use ${r.use})`,
          );
        });
        expect(found).toEqual([]);
      });
    }
  });
}
