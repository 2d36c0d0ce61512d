import { settingDefaults } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/settings.json';

const SETTINGS = {
  values: {
    // Every setting the console edits, as a fresh desk has them; the lines below differ.
    ...settingDefaults,
    maintenance: 'off',
    chatLink: '',
    paymentDeadlineMinutes: 15,
    cashDepositCeilingThb: '500000.00',
    deskBankAccounts: [],
    receivingAddresses: {},
    locations: [],
    openOrderCap: 3,
    payoutCoolingOffHours: 24,
    rateChangeConfirmPercent: 3,
    rateChangeMaxPercent: 15,
  },
  updatedAt: {},
};
const LABOUR_DAY = {
  date: '2026-05-01',
  name: { en: 'National Labour Day', th: 'วันแรงงานแห่งชาติ' },
  source: 'official',
};

describe('closed days in the settings', () => {
  it('rule: an admin adds a closed day with both names and the typed date, and opens one again after confirming', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      listClosedDays: () => ok({ items: [LABOUR_DAY] }),
      addClosedDay: () =>
        ok({ date: '2026-12-24', name: { en: 'Desk party', th: 'งานเลี้ยง' }, source: 'staff' }),
      removeClosedDay: () => ok(null),
    });
    await renderConsole('/settings', 'tok');
    const panel = within(await screen.findByRole('region', { name: t.closedDays.title }));
    const row = (await panel.findByText('National Labour Day')).closest('tr') as HTMLElement;
    expect(within(row).getByText(t.closedDays.sources.official)).toBeTruthy();

    const add = within(panel.getByRole('form', { name: t.closedDays.add }));
    await userEvent.type(add.getByLabelText(t.closedDays.date, { selector: 'input' }), '24/12/2026');
    await userEvent.type(add.getByLabelText(t.closedDays.nameEn), 'Desk party');
    await userEvent.type(add.getByLabelText(t.closedDays.nameTh), 'งานเลี้ยง');
    await userEvent.click(add.getByRole('button', { name: t.closedDays.add }));
    await screen.findByText(/The desk is closed on/);
    expect(api.called('addClosedDay').map((r) => r.body)).toEqual([
      { date: '2026-12-24', name: { en: 'Desk party', th: 'งานเลี้ยง' } },
    ]);

    await userEvent.click(within(row).getByRole('button', { name: new RegExp(t.closedDays.remove) }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.closedDays.removeTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.closedDays.remove }));
    await screen.findByText(/The desk is open on/);
    expect(api.called('removeClosedDay').map((r) => r.body)).toEqual([{ date: '2026-05-01' }]);
  });

  it('rule: a viewer reads the closed days but cannot change them', async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      getSettings: () => ok(SETTINGS),
      listClosedDays: () => ok({ items: [LABOUR_DAY] }),
    });
    await renderConsole('/settings', 'tok');
    const panel = within(await screen.findByRole('region', { name: t.closedDays.title }));
    await panel.findByText('National Labour Day');
    expect(panel.queryByRole('form', { name: t.closedDays.add })).toBeNull();
    expect(panel.queryByRole('button', { name: new RegExp(t.closedDays.remove) })).toBeNull();
  });
});
