import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/members.json';

const BAN = {
  ip: '203.0.113.9',
  reason: 'Too many sign-in failures',
  bannedAt: '2026-11-23T01:00:00.000Z',
  until: '2099-01-01T00:00:00.000Z',
};

describe('IP bans in the console', () => {
  it('rule: an operator lifts a ban only after confirming, the button naming the address for screen readers', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      listBans: () => ok({ items: [BAN] }),
      unban: () => ok(null),
    });
    await renderConsole('/bans', 'tok');
    const row = (await screen.findByText(BAN.ip)).closest('tr') as HTMLElement;
    expect(within(row).getByText(BAN.reason)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: `${t.bans.unban}: ${BAN.ip}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.bans.unbanTitle }));
    expect(dialog.getByText(`Requests from ${BAN.ip} will be answered again at once.`)).toBeTruthy();
    expect(api.called('unban')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: t.bans.unban }));
    await waitFor(() => expect(api.called('unban').map((r) => r.body)).toEqual([{ ip: BAN.ip }]));
    expect(await screen.findByText(`Ban on ${BAN.ip} lifted`)).toBeTruthy();
  });

  it('rule: a viewer reads the bans but has no action column and no unban button', async () => {
    mockApi({ me: () => ok(profile('viewer')), listBans: () => ok({ items: [BAN] }) });
    await renderConsole('/bans', 'tok');
    await screen.findByText(BAN.ip);
    expect(screen.queryByRole('columnheader', { name: t.bans.actions })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(t.bans.unban) })).toBeNull();
  });
});
