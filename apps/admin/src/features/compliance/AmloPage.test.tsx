import type { AmloEntry } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/compliance.json';

const entry = (id: number, member: Partial<AmloEntry['member']>): AmloEntry => ({
  key: `order:B25110${id}AAAAA`,
  kind: 'cash',
  day: '2026-11-20',
  member: {
    id,
    username: `member${id}`,
    name: `Member ${id}`,
    phone: '0812345678',
    email: `member${id}@example.com`,
    documentType: null,
    documentNumber: null,
    ...member,
  },
  orders: [
    {
      id: `B25110${id}AAAAA`,
      type: 'buy',
      method: 'cash_deposit',
      amountThb: '2000000.00',
      amountUsdt: '57000.00',
      completedAt: '2026-11-20T03:00:00.000Z',
      location: null,
    },
  ],
  totalThb: '2000000.00',
  filing: null,
});

describe('the AMLO report screen', () => {
  it("rule: each entry names the member's identity document and its number: a Thai ID card's digits, a passport's number, or that none is recorded", async () => {
    mockApi({
      me: () => ok(profile('operator')),
      amloQueue: () =>
        ok({
          thresholdThb: '2000000.00',
          items: [
            entry(1, { documentType: 'thaiIdCard', documentNumber: '1103700012346' }),
            entry(2, { documentType: 'passport', documentNumber: 'AA1234567' }),
            entry(3, { documentType: 'passport', documentNumber: null }),
          ],
        }),
    });
    await renderConsole('/amlo', 'tok');
    const row = async (name: string) =>
      within((await screen.findByRole('link', { name })).closest('tr') as HTMLElement);
    const idCard = await row('Member 1');
    expect(idCard.getByText(t.amlo.documentType.thaiIdCard)).toBeTruthy();
    // As printed on the card; the CSV keeps the 13 digits alone.
    expect(idCard.getByText('1-1037-00012-34-6')).toBeTruthy();
    const passport = await row('Member 2');
    expect(passport.getByText(t.amlo.documentType.passport)).toBeTruthy();
    expect(passport.getByText('AA1234567')).toBeTruthy();
    expect((await row('Member 3')).getByText(t.amlo.noNumber)).toBeTruthy();
  });
});
