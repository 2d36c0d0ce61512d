import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import tp from '../../locales/en/proposals.json';
import t from '../../locales/en/staff.json';

const account = (id: number, username: string, patch: object = {}) => ({
  id,
  username,
  role: 'operator',
  disabled: false,
  enrolled: true,
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  ...patch,
});

describe('staff accounts', () => {
  it('shows a new account its one-time password once, and asks before disabling one', async () => {
    let items = [account(1, 'admin1', { role: 'admin' }), account(2, 'nokstaff')];
    const api = mockApi({
      me: () => ok(profile('admin')),
      listStaff: () => ok({ items }),
      createStaff: (r) => {
        const created = account(3, (r.body as { username: string }).username, {
          enrolled: false,
          mustChangePassword: true,
        });
        items = [...items, created];
        return ok({ account: created, oneTimePassword: 'x7-one-time-9k' });
      },
      setStaffDisabled: () => ok(account(2, 'nokstaff', { disabled: true })),
    });
    await renderConsole('/staff', 'tok');

    await userEvent.type(await screen.findByLabelText(t.create.username), 'newclerk');
    await userEvent.selectOptions(screen.getByLabelText(t.create.role), 'viewer');
    await userEvent.click(screen.getByRole('button', { name: t.create.submit }));
    const dialog = await screen.findByRole('dialog', { name: t.created.title });
    expect(within(dialog).getByText('x7-one-time-9k')).toBeTruthy();
    expect(api.called('createStaff')[0]?.body).toEqual({ username: 'newclerk', role: 'viewer' });
    await userEvent.click(within(dialog).getByRole('button', { name: t.created.done }));
    expect(screen.queryByText('x7-one-time-9k')).toBeNull();
    await screen.findByRole('cell', { name: 'newclerk' });

    // No action on one's own account; disabling another asks first.
    const own = screen.getByRole('row', { name: /admin1/ });
    expect(within(own).queryByRole('button', { name: /Disable/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `${t.action.disable}: nokstaff` }));
    expect(api.called('setStaffDisabled')).toEqual([]);
    const confirm = screen.getByRole('alertdialog', {
      name: t.confirm.disable.title.replace('{{username}}', 'nokstaff'),
    });
    await userEvent.click(within(confirm).getByRole('button', { name: t.confirm.disable.button }));
    await screen.findByText(t.done.disable.replace('{{username}}', 'nokstaff'));
    expect(api.called('setStaffDisabled')[0]).toMatchObject({
      path: '/api/admin/staff/2/disabled',
      body: { disabled: true },
    });
  });
});

describe('staff changes that wait for a second admin (decision 0091)', () => {
  it('making an admin says it waits and shows no password; the change then waits above the list for another admin', async () => {
    const proposal = {
      id: 9,
      kind: 'staff',
      target: 'staff:new:newboss',
      username: 'newboss',
      value: { create: { username: 'newboss', role: 'admin' } },
      replaces: null,
      status: 'pending',
      proposedBy: 'admin1',
      proposedByStaffId: 1,
      decidedBy: null,
      createdAt: '2026-12-01T03:00:00.000Z',
      decidedAt: null,
    };
    let waiting: (typeof proposal)[] = [];
    const api = mockApi({
      me: () => ok(profile('admin')),
      listStaff: () => ok({ items: [account(1, 'admin1', { role: 'admin' })] }),
      changeProposals: () => ok({ items: waiting, twoPersonRules: { hold: true, enabledAdmins: 2 } }),
      createStaff: () => {
        waiting = [proposal];
        return ok({ account: null, oneTimePassword: null, proposal });
      },
    });
    await renderConsole('/staff', 'tok');
    await userEvent.type(await screen.findByLabelText(t.create.username), 'newboss');
    await userEvent.selectOptions(screen.getByLabelText(t.create.role), 'admin');
    await userEvent.click(screen.getByRole('button', { name: t.create.submit }));
    expect(await screen.findByText(tp.proposed)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: t.created.title })).toBeNull();
    expect(api.called('createStaff')[0]?.body).toEqual({ username: 'newboss', role: 'admin' });

    const panel = within(
      (await screen.findByRole('heading', { name: tp.title })).closest('section') as HTMLElement,
    );
    expect(panel.getByText('Make newboss an admin')).toBeTruthy();
    // Its proposer waits for another admin.
    expect(panel.getByText(tp.yours)).toBeTruthy();
    expect(panel.queryByRole('button', { name: tp.approve })).toBeNull();
  });
});
