import { describe, expect, it } from 'vitest';
import { NOTICE_KINDS, NOTICE_TEMPLATES, renderNotice } from './notices.ts';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the member notice catalogue', () => {
  it('has every template in English and Thai with the same placeholders', () => {
    for (const [name, t] of Object.entries(NOTICE_TEMPLATES)) {
      for (const part of ['subject', 'text'] as const) {
        expect(t.en[part].trim(), `${name}.en.${part}`).not.toBe('');
        expect(t.th[part].trim(), `${name}.th.${part}`).not.toBe('');
        expect(placeholders(t.th[part]), `${name}.${part}`).toEqual(placeholders(t.en[part]));
      }
    }
  });

  it('has a template for every kind', () => {
    const kinds = new Set(Object.values(NOTICE_TEMPLATES).map((t) => t.kind));
    expect([...kinds].sort()).toEqual([...NOTICE_KINDS].sort());
  });

  it('shows times in Bangkok time, with the Buddhist era in Thai, and reasons in the message language', () => {
    const at = new Date('2026-12-01T03:00:00Z');
    const reason = { en: 'Wrong amount.', th: 'ยอดไม่ตรง' };
    const th = renderNotice('orderRejectedBuy', 'th', { id: 'B1', reason });
    expect(th.text).toContain('ยอดไม่ตรง');
    expect(renderNotice('passwordChanged', 'th', { at }).text).toContain('2569');
    expect(renderNotice('passwordChanged', 'en', { at }).text).toContain('1 Dec 2026, 10:00');
  });
});
