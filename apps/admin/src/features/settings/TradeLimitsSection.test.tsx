import { messageFor, settingDefaults } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/settings.json';

const SETTINGS = {
  values: {
    // Every setting the console edits, as a fresh desk has them; the lines below differ.
    ...settingDefaults,
    maintenance: 'on',
    chatLink: '',
    paymentDeadlineMinutes: 15,
    cashDepositCeilingThb: '500000.00',
    deskBankAccounts: [{ bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co' }],
    receivingAddresses: {},
    locations: [],
    openOrderCap: 3,
    payoutCoolingOffHours: 24,
    rateChangeConfirmPercent: 3,
    rateChangeMaxPercent: 15,
    tradeLimits: settingDefaults.tradeLimits,
  },
  updatedAt: {},
};

describe('the limits per level', () => {
  it("refuses a day's limit above its month's in the browser, then saves the whole setting", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok(SETTINGS),
    });
    await renderConsole('/settings', 'tok');
    const form = within(await screen.findByRole('form', { name: t.tradeLimits.title }));
    const level1 = within(form.getByRole('group', { name: t.tradeLimits.level1 }));
    const day = level1.getByLabelText(t.tradeLimits.buyDayThb) as HTMLInputElement;
    expect(day.value).toBe('200000.00');
    await userEvent.clear(day);
    await userEvent.type(day, '2000000');
    await userEvent.click(form.getByRole('button', { name: t.save }));
    expect(await form.findByText(messageFor(40024, 'en'))).toBeTruthy();
    expect(api.called('saveSetting')).toEqual([]);

    await userEvent.clear(day);
    await userEvent.type(day, ' 250000 ');
    await userEvent.click(form.getByRole('button', { name: t.save }));
    await screen.findByText(t.saved);
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      {
        key: 'tradeLimits',
        value: {
          ...settingDefaults.tradeLimits,
          level1: { ...settingDefaults.tradeLimits.level1, buyDayThb: '250000' },
        },
      },
    ]);
  });
});
