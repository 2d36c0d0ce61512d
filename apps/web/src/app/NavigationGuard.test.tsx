import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fail, mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';
import { MAINTENANCE_POLL_MS } from '../features/maintenance/MaintenancePage.tsx';
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

  for (const code of [500, 501, 502]) {
    it(`ends the session when the profile read says it is gone (${code})`, async () => {
      localStorage.setItem('token', 'stale-token');
      mockApi({ ...publicServer(), profile: () => fail(code, 'Your session has ended') });
      await renderApp('/account');
      await waitFor(() => expect(currentPath()).toMatch(/^\/login/));
      expect(getState().token).toBeNull();
      expect(getState().profile).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
    });
  }

  for (const [code, message] of [
    [505, 'Database problem'],
    [998, 'Something went wrong'],
  ] as const) {
    it(`keeps the member signed in when the profile read fails on the desk's side (${code}), says so and retries`, async () => {
      localStorage.setItem('token', 'kept-token');
      let down = true;
      const { requests } = mockApi({
        ...publicServer(),
        profile: () => (down ? fail(code, message) : ok(PROFILE)),
      });
      await renderApp('/news');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('We could not refresh your account just now.');
      expect(alert.textContent).toContain(message);
      expect(alert.textContent).toContain('You are still signed in.');
      expect(currentPath()).toBe('/news');
      expect(getState().token).toBe('kept-token');
      expect(localStorage.getItem('token')).toBe('kept-token');
      down = false;
      const before = requests.filter((r) => r.path === '/api/external/user/profile').length;
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(getState().profile).toEqual(PROFILE));
      expect(requests.filter((r) => r.path === '/api/external/user/profile').length).toBe(before + 1);
      await waitFor(() =>
        expect(screen.queryByText('We could not refresh your account just now.')).toBeNull(),
      );
    });
  }

  it('keeps the member signed in through a network failure of the profile read', async () => {
    localStorage.setItem('token', 'kept-token');
    mockApi({
      ...publicServer(),
      profile: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderApp('/news');
    expect((await screen.findByRole('alert')).textContent).toContain('You are still signed in.');
    expect(getState().token).toBe('kept-token');
  });

  it('a signed-in member sent to maintenance by the guard stays signed in and returns to the page when it ends', async () => {
    localStorage.setItem('token', 'kept-token');
    let maintenance = true;
    mockApi({
      ...publicServer(),
      maintenanceStatus: () => ok({ status: maintenance ? 'off' : 'on', header: { country: '' } }),
      profile: () => (maintenance ? fail(997, 'System temporarily unavailable') : ok(PROFILE)),
    });
    // The page's status poll is run by hand; every other timer keeps real time.
    const polls: (() => void)[] = [];
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms !== MAINTENANCE_POLL_MS) return realSetInterval(handler, ms);
      polls.push(handler);
      return realSetInterval(() => undefined, 1_000_000);
    }) as typeof setInterval);
    await renderApp('/transaction-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'System maintenance...' })).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/maintenance?next=%2Ftransaction-history'));
    expect(getState().token).toBe('kept-token');
    maintenance = false;
    await waitFor(() => expect(polls.length).toBeGreaterThan(0));
    await act(async () => {
      for (const poll of polls) poll();
    });
    await waitFor(() => expect(currentPath()).toBe('/transaction-history'));
    expect(getState().token).toBe('kept-token');
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
    expect(currentPath()).toBe('/maintenance?next=%2Fnews');
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
