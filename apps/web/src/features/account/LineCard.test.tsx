import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer, PROFILE } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';

const OFFERED = {
  available: true,
  officialAccountId: '@bahtdesk',
  addFriendUrl: 'https://line.me/R/ti/p/%40bahtdesk',
  linked: false,
  linkedAt: null,
};

function signedIn(handlers: Record<string, Handler>) {
  localStorage.setItem('token', 'member-token');
  return mockApi({ ...publicServer(), ...accountServer, profile: () => ok(PROFILE), ...handlers });
}

describe('LINE card (decision 0079)', () => {
  it('is not on the account page when the desk does not offer LINE', async () => {
    signedIn({
      getLineLink: () => ok({ ...OFFERED, available: false, officialAccountId: '', addFriendUrl: '' }),
    });
    await renderApp('/account');
    expect(await screen.findByText('Signed in as somchai')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /LINE/ })).toBeNull();
  });

  it('links to the desk’s LINE account and shows the one-time code it gets', async () => {
    signedIn({
      getLineLink: () => ok(OFFERED),
      createLineLinkCode: () =>
        ok({ code: 'K7PX-4QMZ', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
    });
    await renderApp('/account');
    const card = await screen.findByRole('region', { name: /LINE/ });
    expect(within(card).getByRole('link', { name: '@bahtdesk' }).getAttribute('href')).toBe(
      OFFERED.addFriendUrl,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Get a link code' }));
    expect(await within(card).findByText('K7PX-4QMZ')).toBeTruthy();
  });

  it('unlinks only after the confirmation', async () => {
    let linked = true;
    signedIn({
      getLineLink: () => ok({ ...OFFERED, linked, linkedAt: linked ? PROFILE.createdAt : null }),
      unlinkLine: () => {
        linked = false;
        return ok({ ...OFFERED });
      },
    });
    await renderApp('/account');
    const card = await screen.findByRole('region', { name: /LINE/ });
    await userEvent.click(await within(card).findByRole('button', { name: 'Unlink LINE' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink LINE?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(linked).toBe(true);
    await userEvent.click(within(card).getByRole('button', { name: 'Unlink LINE' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unlink LINE?' })).getByRole('button', {
        name: 'Unlink LINE',
      }),
    );
    await waitFor(() => expect(within(card).getByText('Not linked')).toBeTruthy());
    expect(linked).toBe(false);
  });

  it('offers LINE on the open Messages card as soon as the code links the member', async () => {
    let linked = false;
    const kinds = [{ kind: 'orderCompleted', security: false, channels: ['email'] }];
    signedIn({
      getLineLink: () => ok({ ...OFFERED, linked, linkedAt: linked ? PROFILE.createdAt : null }),
      createLineLinkCode: () =>
        ok({ code: 'K7PX-4QMZ', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
      getNoticeChoices: () => ok({ lineAvailable: linked, kinds }),
    });
    await renderApp('/account');
    await userEvent.click(await screen.findByText('Messages', { selector: 'h2' }));
    const messages = await screen.findByRole('table', { name: 'Messages' });
    expect(within(messages).queryByRole('columnheader', { name: 'LINE' })).toBeNull();
    const card = await screen.findByRole('region', { name: /LINE/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Get a link code' }));
    await within(card).findByText('K7PX-4QMZ');
    // The member sends the code in the LINE chat; the card asks again until the link is made.
    linked = true;
    expect(await within(card).findByText('Linked')).toBeTruthy();
    expect(await within(messages).findByRole('columnheader', { name: 'LINE' })).toBeTruthy();
  });
});
