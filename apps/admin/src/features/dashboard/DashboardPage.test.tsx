import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole, wholeText } from '../../../test/app.tsx';
import t from '../../locales/en/dashboard.json';
import tp from '../../locales/en/proposals.json';
import ts from '../../locales/en/settings.json';
import tpTh from '../../locales/th/proposals.json';

const side = (count: number, thb: string, usdt: string) => ({ count, thb, usdt });

const dashboard = {
  membersTotal: 12,
  membersNewToday: 2,
  kycWaiting: 1,
  proofsWaiting: 0,
  ordersOpen: { pending: 3, request: 4 },
  rates: null,
  signupsPerDay: [{ date: '2026-11-25', count: 2 }],
  volumes: {
    today: { buy: side(2, '35500.00', '1000.00'), sell: side(1, '34452.00', '1000.00') },
    month: { buy: side(40, '1234567.89', '34777.96'), sell: side(0, '0.00', '0.00') },
  },
  volumePerDay: [
    { date: '2026-11-24', buyThb: '1000.00', sellThb: '0.00' },
    { date: '2026-11-25', buyThb: '35500.00', sellThb: '34452.00' },
  ],
  setupMissing: [],
  breakGlass: [],
  twoPersonRules: { hold: true, enabledAdmins: 2 },
};

describe('the dashboard', () => {
  it("shows today's and this month's completed volumes by side, and the daily THB as a chart with its table", async () => {
    mockApi({ me: () => ok(profile('viewer')), dashboard: () => ok(dashboard) });
    await renderConsole('/', 'tok');
    const today = within((await screen.findByText(t.today)).closest('li') as HTMLElement);
    expect(today.getByText('35,500.00 THB · 1,000.00 USDT · orders: 2')).toBeTruthy();
    expect(today.getByText('34,452.00 THB · 1,000.00 USDT · orders: 1')).toBeTruthy();
    const month = within(screen.getByText(t.month).closest('li') as HTMLElement);
    expect(month.getByText('1,234,567.89 THB · 34,777.96 USDT · orders: 40')).toBeTruthy();
    expect(screen.getByRole('heading', { name: t.volumePerDay })).toBeTruthy();
    // The chart's figures as text: the day's buy and sell THB.
    expect(screen.getAllByText('35,500.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('34,452.00').length).toBeGreaterThan(0);
  });

  it('lists what the desk must still set before it opens, each linked to the screen that sets it', async () => {
    mockApi({
      me: () => ok(profile('admin')),
      dashboard: () => ok({ ...dashboard, setupMissing: ['adminAccount', 'rates', 'receivingAddresses'] }),
    });
    await renderConsole('/', 'tok');
    const checklist = within(
      (await screen.findByRole('heading', { name: t.setup.title })).closest('section') as HTMLElement,
    );
    expect(checklist.getByRole('link', { name: t.setup.rates }).getAttribute('href')).toContain('/rates');
    expect(checklist.getByRole('link', { name: t.setup.receivingAddresses }).getAttribute('href')).toContain(
      '/settings',
    );
    // The first admin is made on the server, not in the console: named, with no link.
    expect(checklist.getByText(t.setup.adminAccount)).toBeTruthy();
    expect(checklist.getAllByRole('listitem')).toHaveLength(3);
    expect(checklist.queryByText(t.setup.locations)).toBeNull();
  });

  it('names each use of break-glass on the server this week: when, which server user, what, on which account', async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      dashboard: () =>
        ok({
          ...dashboard,
          breakGlass: [
            { at: '2026-11-28T03:00:00.000Z', command: 'staff:unlock', username: 'alice', osUser: 'root' },
            { at: '2026-11-27T03:00:00.000Z', command: 'staff:create', username: 'bob', osUser: 'deploy' },
          ],
        }),
    });
    await renderConsole('/', 'tok');
    const notice = within(
      (await screen.findByRole('heading', { name: t.breakGlass.title })).closest('section') as HTMLElement,
    );
    const items = notice.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/server user root unlocked the admin account alice$/);
    expect(items[1]).toMatch(/server user deploy created the admin account bob$/);
    expect(notice.getByRole('link', { name: t.breakGlass.audit }).getAttribute('href')).toContain('/audit');
  });

  it('shows no checklist once everything is set', async () => {
    mockApi({ me: () => ok(profile('viewer')), dashboard: () => ok(dashboard) });
    await renderConsole('/', 'tok');
    await screen.findByText(t.today);
    expect(screen.queryByRole('heading', { name: t.setup.title })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.breakGlass.title })).toBeNull();
  });
});

describe('the changes waiting for a second admin (decision 0091)', () => {
  const base = {
    status: 'pending',
    proposedBy: 'alice',
    proposedByStaffId: 2,
    decidedBy: null,
    createdAt: '2026-12-01T03:00:00.000Z',
    decidedAt: null,
  };
  const threshold = {
    ...base,
    id: 7,
    kind: 'setting',
    target: 'payoutApprovalThb',
    value: '1000000.00',
    replaces: '500000.00',
  };
  const newAdmin = {
    ...base,
    id: 8,
    kind: 'staff',
    target: 'staff:new:carol',
    username: 'carol',
    value: { create: { username: 'carol', role: 'admin' } },
    replaces: null,
  };
  const rate = {
    id: 3,
    buyRate: '3.65',
    sellRate: '3.52',
    sellFeePercent: '1',
    from: { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' },
    buyChangePercent: '-90.00',
    sellChangePercent: '-90.00',
    proposedBy: 'alice',
    createdAt: '2026-12-01T03:00:00.000Z',
  };

  it('lists each with what it changes and who proposed it, the rate change linked to its screen; another admin discards one after a confirmation', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      dashboard: () => ok(dashboard),
      changeProposals: () => ok({ items: [threshold, newAdmin], twoPersonRules: dashboard.twoPersonRules }),
      rateProposals: () => ok({ items: [rate] }),
      discardChangeProposal: () => ok({ proposal: { ...threshold, status: 'discarded' } }),
    });
    await renderConsole('/', 'tok');
    const panel = within(
      (await screen.findByRole('heading', { name: tp.title })).closest('section') as HTMLElement,
    );
    expect(
      panel.getByRole('link', { name: /^New rates: buy 3\.65, sell 3\.52/ }).getAttribute('href'),
    ).toContain('/rates');
    const setting = within(
      panel.getByRole('heading', { name: ts.payoutApprovalThb.title }).closest('li') as HTMLElement,
    );
    expect(setting.getByText('500,000.00 THB')).toBeTruthy();
    expect(setting.getByText('1,000,000.00 THB')).toBeTruthy();
    expect(setting.getByText(/^Proposed by alice, /)).toBeTruthy();
    expect(panel.getByText('Make carol an admin')).toBeTruthy();

    await userEvent.click(setting.getByRole('button', { name: tp.discard }));
    const dialog = screen.getByRole('alertdialog', { name: tp.discardTitle });
    expect(api.called('discardChangeProposal')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: tp.discard }));
    await screen.findByText(tp.discarded);
    expect(api.called('discardChangeProposal').map((r) => r.path)).toEqual([
      '/api/admin/proposals/7/discard',
    ]);
  });

  it("approving a new admin shows the account's one-time password once, to the approving admin", async () => {
    let waiting = [newAdmin];
    const api = mockApi({
      me: () => ok(profile('admin')),
      dashboard: () => ok(dashboard),
      changeProposals: () => ok({ items: waiting, twoPersonRules: dashboard.twoPersonRules }),
      approveChangeProposal: () => {
        waiting = [];
        return ok({ proposal: { ...newAdmin, status: 'approved' }, oneTimePassword: 'k7m2q9xw4pAbCdEf' });
      },
    });
    await renderConsole('/', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: tp.approve }));
    const dialog = screen.getByRole('alertdialog', { name: tp.approveTitle });
    expect(within(dialog).getByText(/Make carol an admin/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tp.approve }));
    expect(api.called('approveChangeProposal').map((r) => r.path)).toEqual([
      '/api/admin/proposals/8/approve',
    ]);
    // The approved change leaves the list; its password stays until the admin closes it.
    await waitFor(() => expect(screen.queryByRole('heading', { name: tp.title })).toBeNull());
    expect((await screen.findByTestId('one-time-password')).textContent).toBe('k7m2q9xw4pAbCdEf');
  });

  it('names a new operator and an operator enabled again as what they are, in English and in Thai', async () => {
    const newOperator = {
      ...newAdmin,
      id: 9,
      target: 'staff:new:dao',
      username: 'dao',
      value: { create: { username: 'dao', role: 'operator' } },
    };
    const enabling = {
      ...base,
      id: 10,
      kind: 'staff',
      target: 'staff:5',
      username: 'nok',
      value: { disabled: false },
      replaces: { disabled: true },
    };
    const api = {
      me: () => ok(profile('admin')),
      dashboard: () => ok(dashboard),
      changeProposals: () => ok({ items: [newOperator, enabling], twoPersonRules: dashboard.twoPersonRules }),
      rateProposals: () => ok({ items: [] }),
    };
    mockApi(api);
    const view = await renderConsole('/', 'tok');
    expect(await screen.findByText('Make dao an operator')).toBeTruthy();
    expect(screen.getByText('Enable nok again')).toBeTruthy();
    view.unmount();

    localStorage.setItem('adminLanguage', 'th');
    mockApi(api);
    await renderConsole('/', 'tok');
    expect(await screen.findByText('ให้ dao เป็นผู้ปฏิบัติงาน')).toBeTruthy();
    expect(screen.getByText('เปิดใช้งาน nok อีกครั้ง')).toBeTruthy();
    localStorage.removeItem('adminLanguage');
  });

  it('shows nothing while none waits', async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      dashboard: () => ok(dashboard),
      changeProposals: () => ok({ items: [], twoPersonRules: dashboard.twoPersonRules }),
      rateProposals: () => ok({ items: [] }),
    });
    await renderConsole('/', 'tok');
    await screen.findByText(t.today);
    expect(screen.queryByRole('heading', { name: tp.title })).toBeNull();
    expect(screen.queryByRole('heading', { name: tp.alone.title })).toBeNull();
  });

  it('says plainly, in English and in Thai, that two-person rules cannot hold while the desk has one admin', async () => {
    const alone = { ...dashboard, twoPersonRules: { hold: false, enabledAdmins: 1 } };
    mockApi({ me: () => ok(profile('admin')), dashboard: () => ok(alone) });
    const view = await renderConsole('/', 'tok');
    const notice = within(
      (await screen.findByRole('heading', { name: tp.alone.title })).closest('section') as HTMLElement,
    );
    expect(notice.getByText(tp.alone.text.replace('{{count}}', '1'))).toBeTruthy();
    expect(notice.getByRole('link', { name: tp.alone.add }).getAttribute('href')).toContain('/staff');
    view.unmount();

    localStorage.setItem('adminLanguage', 'th');
    mockApi({ me: () => ok(profile('viewer')), dashboard: () => ok(alone) });
    await renderConsole('/', 'tok');
    expect(await screen.findByRole('heading', { name: tpTh.alone.title })).toBeTruthy();
    expect(screen.getByText(wholeText(tpTh.alone.text.replace('{{count}}', '1')))).toBeTruthy();
    localStorage.removeItem('adminLanguage');
  });
});
