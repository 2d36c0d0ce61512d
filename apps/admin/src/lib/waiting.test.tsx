import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventStream, mockApi, ok, profile, renderConsole } from '../../test/app.tsx';

describe('what waits for staff', () => {
  it('shows in the menu and the tab title, and follows the live stream without a reload', async () => {
    const stream = eventStream();
    let waiting = { orders: 2, approvals: 1, kyc: 1, proofs: 2 };
    const api = mockApi({
      me: () => ok(profile('operator')),
      events: () => stream.response(),
      waiting: () => ok(waiting),
      listBans: () => ok({ items: [] }),
    });
    await renderConsole('/bans', 'tok');
    expect(await screen.findByRole('link', { name: 'Orders, 3 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Identity reviews, 1 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Income proofs, 2 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Members' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(6) BahtDesk back office'));

    waiting = { orders: 3, approvals: 1, kyc: 0, proofs: 2 };
    stream.send('order.updated');
    expect(await screen.findByRole('link', { name: 'Orders, 4 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Identity reviews' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(6) BahtDesk back office'));
    expect(api.called('waiting')).toHaveLength(2);

    // A proof of income sent or decided is announced as members.changed.
    waiting = { orders: 3, approvals: 1, kyc: 0, proofs: 1 };
    stream.send('members.changed');
    expect(await screen.findByRole('link', { name: 'Income proofs, 1 waiting' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(5) BahtDesk back office'));
    stream.close();
  });

  it('keeps the sound off until staff turn it on, and remembers the choice in this browser', async () => {
    const stream = eventStream();
    mockApi({
      me: () => ok(profile('viewer')),
      events: () => stream.response(),
      waiting: () => ok({ orders: 0, approvals: 0, kyc: 0, proofs: 0 }),
      listBans: () => ok({ items: [] }),
    });
    localStorage.removeItem('bahtdesk.console.sound');
    await renderConsole('/bans', 'tok');
    const toggle = await screen.findByRole('button', { name: /Sound for new orders/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('bahtdesk.console.sound')).toBe('on');
    expect(document.title).toBe('BahtDesk back office');
    stream.close();
  });
});
