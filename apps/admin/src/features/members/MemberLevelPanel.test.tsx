import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/members.json';

const ROOM = {
  dayLimit: '200000.00',
  monthLimit: '1000000.00',
  leftToday: '150000.00',
  leftThisMonth: '950000.00',
};
const LEVEL = { level: 1, buy: ROOM, sell: ROOM, setBy: null, setAt: null, note: null };
const DETAIL = {
  member: {
    id: 7,
    username: 'somchai',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    email: 'somchai@example.com',
    phone: '0812345678',
    kycStatus: 'verified',
    createdAt: '2026-11-01T03:00:00.000Z',
  },
  bankAccounts: [],
  usdtAddresses: [],
  sessions: [],
  kycHistory: [],
  audit: [],
};

describe("a member's level", () => {
  it('shows the level and its limits, and an operator sets level 2 with a note', async () => {
    const { requests } = mockApi({
      me: () => ok(profile('operator')),
      memberDetail: () => ok(DETAIL),
      memberLevel: () => ok(LEVEL),
      setMemberLevel: () => ok({ ...LEVEL, level: 2, setBy: 'op', setAt: '2026-11-02T03:00:00.000Z' }),
    });
    await renderConsole('/members/7', 'tok');
    const panel = await screen.findByRole('region', { name: t.level.title });
    expect(await within(panel).findByText('Level 1', { selector: '.badge' })).toBeTruthy();
    const buy = within(panel).getByRole('row', { name: /Buy/ });
    expect(buy.textContent).toContain('150,000.00');
    await userEvent.type(within(panel).getByLabelText(t.level.noteLabel), 'Payslips for three months');
    await userEvent.click(within(panel).getByRole('button', { name: t.level.save }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === '/api/admin/members/7/level' && r.method === 'POST')?.body,
      ).toEqual({
        level: 2,
        note: 'Payslips for three months',
      }),
    );
  });

  it("shows the server's refusal of a blank note above the form", async () => {
    mockApi({
      me: () => ok(profile('admin')),
      memberDetail: () => ok(DETAIL),
      memberLevel: () => ok(LEVEL),
      setMemberLevel: () => fail(40022),
    });
    await renderConsole('/members/7', 'tok');
    const panel = await screen.findByRole('region', { name: t.level.title });
    await userEvent.click(await within(panel).findByRole('button', { name: t.level.save }));
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/Please write a note/);
  });

  it('a viewer sees the level but no form to change it', async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      memberDetail: () => ok(DETAIL),
      memberLevel: () => ok(LEVEL),
    });
    await renderConsole('/members/7', 'tok');
    const panel = await screen.findByRole('region', { name: t.level.title });
    expect(await within(panel).findByText('Level 1')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: t.level.save })).toBeNull();
  });
});
