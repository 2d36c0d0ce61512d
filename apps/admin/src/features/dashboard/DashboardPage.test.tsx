import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/dashboard.json';

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
