import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer, PROFILE } from '../../../test/account.ts';
import { currentPath, fail, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { getState } from '../../lib/store.ts';

const SESSION = { token: 'new-token', tokenType: 'Bearer', expiresAt: '2099-01-01T00:00:00.000Z' };

async function fillAndSubmit(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign-in page', () => {
  it('signs in with a clientSignature, stores token and profile and goes home', async () => {
    const { requests } = mockApi({
      ...publicServer(),
      ...accountServer,
      signIn: () => ok(SESSION),
      profile: (r) => (r.headers.Authorization === 'Bearer new-token' ? ok(PROFILE) : fail(500)),
    });
    await renderApp('/login');
    await fillAndSubmit('somchai', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(getState().token).toBe('new-token');
    expect(getState().profile).toEqual(PROFILE);
    const signIn = requests.find((r) => r.path === '/api/external/auth/auth');
    expect(signIn?.headers['x-client-signature']).toBe('sig-1');
    expect(signIn?.body).toEqual({ username: 'somchai', password: 'secret123' });
  });

  it('takes the member to the page the guard turned them away from', async () => {
    mockApi({
      ...publicServer(),
      ...accountServer,
      signIn: () => ok(SESSION),
      profile: (r) => (r.headers.Authorization === 'Bearer new-token' ? ok(PROFILE) : fail(500)),
    });
    await renderApp('/account?action=openBinanceId');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Faccount%3Faction%3DopenBinanceId'));
    await fillAndSubmit('somchai', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/account?action=openBinanceId'));
    expect(getState().token).toBe('new-token');
  });

  it('shows code 999 as "Username or password is incorrect" and stays signed out', async () => {
    mockApi({ ...publicServer(), ...accountServer, signIn: () => fail(999, 'x') });
    await renderApp('/login');
    await fillAndSubmit('somchai', 'wrongpass');
    expect((await screen.findByRole('alert')).textContent).toBe('Username or password is incorrect');
    expect(getState().token).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('shows the ban message for code 4290060', async () => {
    mockApi({ ...publicServer(), ...accountServer, signIn: () => fail(4290060) });
    await renderApp('/login');
    await fillAndSubmit('somchai', 'secret123');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your IP has been banned for 60 minutes due to exceeding the limit.',
    );
  });

  it('requires both fields before sending, marks them invalid and focuses the first', async () => {
    const { requests } = mockApi({ ...publicServer(), ...accountServer });
    await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(username);
    const described = document.getElementById(username.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('This field is required.');
    expect(requests.some((r) => r.path === '/api/external/auth/auth')).toBe(false);
  });

  it('shows and hides the password', async () => {
    mockApi({ ...publicServer(), ...accountServer });
    await renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });
});
