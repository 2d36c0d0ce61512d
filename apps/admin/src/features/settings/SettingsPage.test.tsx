import { messageFor, settingDefaults } from '@bahtdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole, wholeText } from '../../../test/app.tsx';
import tp from '../../locales/en/proposals.json';
import t from '../../locales/en/settings.json';
import tpTh from '../../locales/th/proposals.json';
import settingsTh from '../../locales/th/settings.json';

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

describe('a setting that guards money waits for a second admin (decision 0091)', () => {
  const DESK_TRON = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
  const OTHER_TRON = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';
  const proposal = {
    id: 7,
    kind: 'setting',
    target: 'receivingAddresses',
    value: { TRON: OTHER_TRON },
    replaces: { TRON: DESK_TRON },
    status: 'pending',
    proposedBy: 'alice',
    proposedByStaffId: 2,
    decidedBy: null,
    createdAt: '2026-12-01T03:00:00.000Z',
    decidedAt: null,
  };
  const withAddress = {
    ...SETTINGS,
    values: { ...SETTINGS.values, receivingAddresses: { TRON: DESK_TRON } },
  };
  const twoAdmins = { hold: true, enabledAdmins: 2 };

  it('saving one says it waits for a second admin, and the value in force stays', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(withAddress),
      changeProposals: () => ok({ items: [], twoPersonRules: twoAdmins }),
      saveSetting: () => ok({ ...withAddress, proposal }),
    });
    await renderConsole('/settings', 'tok');
    const addresses = section(t.addresses.title);
    expect(await addresses.findByText(tp.guarded)).toBeTruthy();
    const tron = addresses.getByLabelText(/TRON/) as HTMLInputElement;
    await userEvent.clear(tron);
    await userEvent.type(tron, OTHER_TRON);
    await userEvent.click(addresses.getByRole('button', { name: t.save }));
    expect(await screen.findByText(tp.proposed)).toBeTruthy();
    expect(api.called('saveSetting').map((r) => r.body)).toEqual([
      { key: 'receivingAddresses', value: { TRON: OTHER_TRON } },
    ]);
    expect((addresses.getByLabelText(/TRON/) as HTMLInputElement).value).toBe(DESK_TRON);
  });

  it('says so in Thai too', async () => {
    localStorage.setItem('adminLanguage', 'th');
    mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(withAddress),
      changeProposals: () => ok({ items: [], twoPersonRules: twoAdmins }),
      saveSetting: () => ok({ ...withAddress, proposal }),
    });
    await renderConsole('/settings', 'tok');
    const addresses = within(await screen.findByRole('form', { name: settingsTh.addresses.title }));
    expect(await addresses.findByText(wholeText(tpTh.guarded))).toBeTruthy();
    await userEvent.click(addresses.getByRole('button', { name: settingsTh.save }));
    expect(await screen.findByText(wholeText(tpTh.proposed))).toBeTruthy();
    localStorage.removeItem('adminLanguage');
  });

  it('shows the change waiting beside its setting (before, after, who, when); another admin approves it after a confirmation', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(withAddress),
      changeProposals: () => ok({ items: [proposal], twoPersonRules: twoAdmins }),
      approveChangeProposal: () =>
        ok({ proposal: { ...proposal, status: 'approved' }, oneTimePassword: null }),
    });
    await renderConsole('/settings', 'tok');
    const addresses = section(t.addresses.title);
    expect(await addresses.findByText(tp.waiting)).toBeTruthy();
    const change = within(addresses.getByText(tp.inForce).closest('dl') as HTMLElement);
    expect(change.getByText(`TRON (TRC-20): ${DESK_TRON}`)).toBeTruthy();
    expect(change.getByText(`TRON (TRC-20): ${OTHER_TRON}`)).toBeTruthy();
    expect(addresses.getByText(/^Proposed by alice, /)).toBeTruthy();

    await userEvent.click(addresses.getByRole('button', { name: tp.approve }));
    const dialog = screen.getByRole('alertdialog', { name: tp.approveTitle });
    expect(api.called('approveChangeProposal')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: tp.approve }));
    await screen.findByText(tp.approved);
    expect(api.called('approveChangeProposal').map((r) => r.path)).toEqual([
      '/api/admin/proposals/7/approve',
    ]);
  });

  it('another admin discards it after a confirmation', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      getSettings: () => ok(withAddress),
      changeProposals: () => ok({ items: [proposal], twoPersonRules: twoAdmins }),
      discardChangeProposal: () => ok({ proposal: { ...proposal, status: 'discarded' } }),
    });
    await renderConsole('/settings', 'tok');
    const addresses = section(t.addresses.title);
    await userEvent.click(await addresses.findByRole('button', { name: tp.discard }));
    const dialog = screen.getByRole('alertdialog', { name: tp.discardTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: tp.discard }));
    await screen.findByText(tp.discarded);
    expect(api.called('discardChangeProposal').map((r) => r.path)).toEqual([
      '/api/admin/proposals/7/discard',
    ]);
  });

  it('shows its proposer that another admin must decide, without the buttons', async () => {
    mockApi({
      me: () => ok(profile('admin', { id: 2, username: 'alice' })),
      getSettings: () => ok(withAddress),
      changeProposals: () => ok({ items: [proposal], twoPersonRules: twoAdmins }),
    });
    await renderConsole('/settings', 'tok');
    const own = section(t.addresses.title);
    expect(await own.findByText(tp.yours)).toBeTruthy();
    expect(own.queryByRole('button', { name: tp.approve })).toBeNull();
    expect(own.queryByRole('button', { name: tp.discard })).toBeNull();
  });
});
