import { settingDefaults } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, fail, mockApi, ok, profile, renderConsole } from '../../test/app.tsx';
import en from '../locales/en/common.json';
import settingsEn from '../locales/en/settings.json';
import th from '../locales/th/common.json';

const SETTINGS = {
  values: {
    // Every setting the console edits, as a fresh desk has them; the lines below differ.
    ...settingDefaults,
    maintenance: 'on',
    chatLink: 'https://line.me/ti/p/desk',
    paymentDeadlineMinutes: 15,
    cashDepositCeilingThb: '500000.00',
    deskBankAccounts: [{ bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co' }],
    receivingAddresses: {},
    locations: [],
    openOrderCap: 3,
    payoutCoolingOffHours: 24,
    rateChangeConfirmPercent: 3,
    rateChangeMaxPercent: 15,
    payoutApprovalThb: '500000.00',
    payoutApprovalAlertMinutes: 60,
    orderWaitAlertMinutes: 10,
  },
  updatedAt: {},
};

describe('the console shell', () => {
  it('sends a visitor without a staff session to sign-in', async () => {
    mockApi({});
    await renderConsole('/settings');
    expect(currentPath()).toBe('/sign-in');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeTruthy();
  });

  it('shows a viewer only the screens a viewer may read, and no save button in settings', async () => {
    const api = mockApi({ me: () => ok(profile('viewer')), getSettings: () => ok(SETTINGS) });
    await renderConsole('/settings', 'tok');
    const nav = screen.getByRole('navigation', { name: en.nav.label });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).not.toContain(en.nav.staff);
    expect(links).not.toContain(en.nav.outbox);
    expect(links).toContain(en.nav.settings);
    await screen.findByText(settingsEn.maintenance.open);
    expect(screen.queryByRole('button', { name: settingsEn.save })).toBeNull();
    expect(screen.queryByRole('button', { name: settingsEn.maintenance.close })).toBeNull();
    expect(api.called('saveSetting')).toEqual([]);
    expect(api.called('me')[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('says plainly that a screen is not for the role instead of calling it', async () => {
    const api = mockApi({ me: () => ok(profile('operator')) });
    await renderConsole('/staff', 'tok');
    expect(screen.getByRole('heading', { level: 1, name: en.notAllowed.title })).toBeTruthy();
    expect(api.called('listStaff')).toEqual([]);
  });

  it('goes back to sign-in when the server says the staff session has ended', async () => {
    mockApi({ me: () => ok(profile('admin')), dashboard: () => fail(501, 'Session expired') });
    await renderConsole('/', 'tok');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(sessionStorage.getItem('adminToken')).toBeNull();
  });

  it('switches between English and Thai and keeps the choice', async () => {
    mockApi({ me: () => ok(profile('admin')), getSettings: () => ok(SETTINGS) });
    await renderConsole('/settings', 'tok');
    await userEvent.click(screen.getByRole('button', { name: 'ไทย' }));
    await screen.findByRole('navigation', { name: th.nav.label });
    expect(document.documentElement.lang).toBe('th');
    expect(localStorage.getItem('adminLanguage')).toBe('th');
  });
});
