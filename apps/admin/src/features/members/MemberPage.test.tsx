import { goTo } from '@bahtdesk/ui/navigation';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
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
  sessions: [
    {
      id: 1,
      createdAt: CREATED,
      lastSeenAt: CREATED,
      expiresAt: CREATED,
      ip: '203.0.113.7',
      userAgent: 'Firefox',
    },
  ],
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

  it('shows nothing of member A once member B is opened: no revealed number, no open dialog, none of their data', async () => {
    const answerB = heldAnswer();
    mockApi({
      me: () => ok(profile('admin')),
      memberDetail: async (request) => {
        if (request.path.endsWith('/7')) return ok(DETAIL);
        await answerB.opened;
        return ok({
          ...DETAIL,
          member: { ...DETAIL.member, id: 8, username: 'malee', email: 'malee@example.com' },
          bankAccounts: [account(5, 'นางสาว มาลี ศรีสุข')],
        });
      },
      revealBankAccount: () => ok({ accountNumber: '1234567890' }),
    });
    await renderConsole('/members/7', 'tok');
    const table = within(await screen.findByRole('table', { name: t.detail.bankAccounts }));
    await userEvent.click(
      table.getAllByRole('button', { name: new RegExp(t.detail.reveal) })[0] as HTMLElement,
    );
    expect(await screen.findByText('123-4-56789-0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.detail.endSessions }));
    expect(await screen.findByRole('alertdialog', { name: t.detail.endTitle })).toBeTruthy();

    await act(async () => goTo('/members/8'));
    // While B loads, nothing of A is on screen.
    expect(screen.queryByText('somchai@example.com')).toBeNull();
    expect(screen.queryByText('123-4-56789-0')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    answerB.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'malee' })).toBeTruthy();
    expect(screen.queryByText('somchai@example.com')).toBeNull();
    expect(screen.queryByText('123-4-56789-0')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
