import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/members.json';

const CREATED = '2026-11-01T03:00:00.000Z';

const account = (id: number, accountName: string) => ({
  id,
  bankCode: 'KBANK',
  accountNumberMasked: 'xxx-x-x6789-0',
  accountName,
  usableFrom: CREATED,
  createdAt: CREATED,
});

const DETAIL = {
  member: {
    id: 7,
    username: 'somchai',
    firstName: 'สมชาย',
    lastName: 'ใจดี',
    email: 'somchai@example.com',
    phone: '0812345678',
    kycStatus: 'verified',
    createdAt: CREATED,
  },
  bankAccounts: [account(1, 'นาย สมชาย ใจดี'), account(2, 'นางสาว สมหญิง รักไทย')],
  usdtAddresses: [],
  sessions: [],
  kycHistory: [],
  audit: [],
};

describe("a member's page", () => {
  it("marks each bank account that is not in the member's own name, for the staff paying out", async () => {
    mockApi({ me: () => ok(profile('operator')), memberDetail: () => ok(DETAIL) });
    await renderConsole('/members/7', 'tok');
    const table = await screen.findByRole('table', { name: t.detail.bankAccounts });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).queryByText(t.detail.nameMismatch)).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText(t.detail.nameMismatch)).toBeTruthy();
  });
});
