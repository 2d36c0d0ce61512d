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
    enabledNetworks: ['TRON', 'BEP20', 'TETHER', 'SOLANA'],
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

function section(name: string) {
  return within(screen.getByRole('form', { name }));
}

describe('web settings', () => {
  it("checks each section with the contract's schema of its key and saves that key alone", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok(SETTINGS),
    });
    await renderConsole('/settings', 'tok');
    await screen.findByText(t.maintenance.open);

    // At least one desk bank account (30004): removing the only one is refused before sending.
    const banks = section(t.banks.title);
    await userEvent.click(banks.getByRole('button', { name: t.banks.remove.replace('{{n}}', '1') }));
    await userEvent.click(banks.getByRole('button', { name: t.save }));
    expect(await banks.findByText(t.banks.atLeastOne)).toBeTruthy();

    // The chat link must be https (30013); a good one is saved as { key, value }.
    const chat = section(t.chat.title);
    await userEvent.type(chat.getByLabelText(t.chat.link), 'http://line.me/x');
    await userEvent.click(chat.getByRole('button', { name: t.save }));
    expect(await chat.findByText(messageFor(30013, 'en'))).toBeTruthy();
    expect(api.called('saveSetting')).toEqual([]);

    await userEvent.clear(chat.getByLabelText(t.chat.link));
    await userEvent.type(chat.getByLabelText(t.chat.link), 'https://line.me/ti/p/desk');
    expect(await chat.findByRole('img', { name: t.chat.qr })).toBeTruthy();
    await userEvent.click(chat.getByRole('button', { name: t.save }));
    await screen.findByText(t.saved);
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      { key: 'chatLink', value: 'https://line.me/ti/p/desk' },
    ]);
  });

  it("saves the desk account's name in both languages, the Thai one for members reading Thai", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok(SETTINGS),
    });
    await renderConsole('/settings', 'tok');
    await screen.findByRole('form', { name: t.banks.title });
    const banks = section(t.banks.title);
    expect((banks.getByLabelText(t.banks.name) as HTMLInputElement).value).toBe('BahtDesk Co');
    await userEvent.type(banks.getByLabelText(t.banks.nameTh), 'บริษัท บาทเดสก์ จำกัด');
    await userEvent.click(banks.getByRole('button', { name: t.save }));
    await screen.findByText(t.saved);
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      {
        key: 'deskBankAccounts',
        value: [
          {
            bankCode: 'KBANK',
            accountNumber: '1234567890',
            accountName: 'BahtDesk Co',
            accountNameTh: 'บริษัท บาทเดสก์ จำกัด',
          },
        ],
      },
    ]);
  });

  it('edits the rate-change bounds as whole per cents, each saved on its own', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok(SETTINGS),
    });
    await renderConsole('/settings', 'tok');
    await screen.findByRole('form', { name: t.rateChangeMaxPercent.title });
    const bound = section(t.rateChangeMaxPercent.title);
    const field = bound.getByLabelText(t.rateChangeMaxPercent.label) as HTMLInputElement;
    expect(field.value).toBe('15');
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    await userEvent.click(bound.getByRole('button', { name: t.save }));
    await screen.findByText(t.saved);
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      { key: 'rateChangeMaxPercent', value: 20 },
    ]);
  });

  it('names maintenance plainly and asks before putting the site in maintenance', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok({ ...SETTINGS, values: { ...SETTINGS.values, maintenance: 'off' } }),
    });
    await renderConsole('/settings', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.maintenance.close }));
    const dialog = screen.getByRole('alertdialog', { name: t.maintenance.closeTitle });
    expect(api.called('saveSetting')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.maintenance.close }));
    await screen.findByText(t.maintenance.closed);
    // 'off' is the specification's word for "in maintenance".
    expect(api.called('saveSetting')[0]?.body).toEqual({ key: 'maintenance', value: 'off' });
  });

  it('switches USDT networks on and off: BNB Beacon Chain starts off, and at least one stays on', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(SETTINGS),
      saveSetting: () => ok(SETTINGS),
    });
    await renderConsole('/settings', 'tok');
    await screen.findByRole('form', { name: t.networks.title });
    const networks = section(t.networks.title);
    const bep2 = networks.getByLabelText(/BNB Beacon Chain \(BEP2\)/) as HTMLInputElement;
    expect(bep2.checked).toBe(false);
    for (const name of [/TRON/, /BNB Smart Chain/, /Ethereum/, /Solana/]) {
      await userEvent.click(networks.getByLabelText(name));
    }
    await userEvent.click(networks.getByRole('button', { name: t.save }));
    expect(await networks.findByText(t.networks.atLeastOne)).toBeTruthy();
    expect(api.called('saveSetting')).toEqual([]);
    await userEvent.click(networks.getByLabelText(/TRON/));
    await userEvent.click(networks.getByRole('button', { name: t.save }));
    await screen.findByText(t.saved);
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      { key: 'enabledNetworks', value: ['TRON'] },
    ]);
  });
});
