import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fail, mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';
import { getState } from '../lib/store.ts';

const PROFILE = {
  id: 1,
  username: 'somchai',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  phone: '0812345678',
  email: 'somchai@example.com',
  kycStatus: 'verified',
  createdAt: '2026-01-01T00:00:00.000Z',
  bankAccounts: [],
  usdtAddresses: [],
};

describe('navigation guard in the app', () => {
  it('sends a visitor without a token from a member page to /login, remembering the page', async () => {
    mockApi(publicServer());
    await renderApp('/account?action=openKyc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(currentPath()).toBe('/login?next=%2Faccount%3Faction%3DopenKyc');
  });

  it('lets a visitor without a token read the news', async () => {
    mockApi(publicServer());
    await renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    expect(currentPath()).toBe('/news');
  });

  it('sends a member with a token from /login home, and refetches the profile', async () => {
    localStorage.setItem('token', 'secret-token');
    const { requests } = mockApi({ ...publicServer(), profile: () => ok(PROFILE) });
    await renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy and sell USDT with Thai baht' }),
    ).toBeTruthy();
    await waitFor(() => expect(getState().profile).toEqual(PROFILE));
    const profileCall = requests.find((r) => r.path === '/api/external/user/profile');
    expect(profileCall?.headers.Authorization).toBe('Bearer secret-token');
  });

  it('clears token and profile when the profile cannot be fetched', async () => {
    localStorage.setItem('token', 'stale-token');
    mockApi({ ...publicServer(), profile: () => fail(998, 'Something went wrong') });
    await renderApp('/account');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Faccount'));
    expect(getState().token).toBeNull();
    expect(getState().profile).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the member signed in when the profile cannot be fetched because the browser is offline', async () => {
    localStorage.setItem('token', 'kept-token');
    mockApi({ ...publicServer(), profile: () => fail(998, 'Something went wrong') });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderApp('/account');
    await waitFor(() => expect(currentPath()).toBe('/account'));
    expect(getState().token).toBe('kept-token');
    expect(localStorage.getItem('token')).toBe('kept-token');
    offline.mockRestore();
  });

  it('runs again for a link typed into the address bar after another typed link', async () => {
    // A typed URL has no history state, so the router gives every one the same key ("default").
    localStorage.setItem('token', 'secret-token');
    let sessionEnded = false;
    const { requests } = mockApi({
      ...publicServer(),
      profile: () => (sessionEnded ? fail(502, 'Your session has ended') : ok(PROFILE)),
    });
    await renderApp('/account');
    await waitFor(() => expect(getState().profile).toEqual(PROFILE));
    const profileCalls = () => requests.filter((r) => r.path === '/api/external/user/profile').length;
    const before = profileCalls();

    sessionEnded = true;
    await act(async () => {
      window.location.hash = '#/transaction-history';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Ftransaction-history'));
    expect(profileCalls()).toBe(before + 1);
    expect(getState().token).toBeNull();
  });

  it('sends every page to /maintenance while maintenance is switched off', async () => {
    mockApi({ ...publicServer(), maintenanceStatus: () => ok({ status: 'off', header: { country: '' } }) });
    await renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'System maintenance...' })).toBeTruthy();
    expect(screen.getByText('We will come back to service again soon.')).toBeTruthy();
    expect(currentPath()).toBe('/maintenance');
  });

  it('sends /maintenance home when the service is up', async () => {
    mockApi(publicServer());
    await renderApp('/maintenance');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows the 404 page for an unknown route of a member', async () => {
    localStorage.setItem('token', 't');
    mockApi({ ...publicServer(), profile: () => ok(PROFILE) });
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('page not found, you may have typed the wrong link')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('#/');
  });

  it('serves the history page under its duplicate .vue path too', async () => {
    localStorage.setItem('token', 't');
    mockApi({ ...publicServer(), profile: () => ok(PROFILE) });
    await renderApp('/transaction-history.vue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction history' })).toBeTruthy();
  });
});
