import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE } from '../../test/account.ts';
import { currentPath, fail, mockApi, publicServer, renderApp } from '../../test/app.tsx';
import { ApiError, call } from './api.ts';
import { getState, setState } from './store.ts';

async function signedInApp(path = '/') {
  localStorage.setItem('token', 'member-token');
  await renderApp(path);
  setState({ profile: PROFILE as never });
}

async function dialog() {
  return screen.findByRole('alertdialog', { name: 'Sorry for the inconvenience' });
}

describe('API client body codes', () => {
  for (const code of [500, 501, 502]) {
    it(`code ${code} clears token and profile and goes to /login`, async () => {
      const api = {
        ...publicServer(),
        profile: () => ({ code: 0, message: '', result: { period: PROFILE } }),
      };
      mockApi(api);
      await signedInApp('/');
      mockApi({ ...api, getRate: () => fail(code, 'session ended') });
      await expect(call('getRate')).rejects.toMatchObject({ code });
      expect(getState().token).toBeNull();
      expect(getState().profile).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      await waitFor(() => expect(currentPath()).toBe('/login'));
    });
  }

  it('code 997 goes to /maintenance remembering the page, and keeps the member signed in', async () => {
    const api = {
      ...publicServer(),
      profile: () => ({ code: 0, message: '', result: { period: PROFILE } }),
    };
    mockApi(api);
    await signedInApp('/news');
    mockApi({
      ...api,
      maintenanceStatus: () => ({
        code: 0,
        message: '',
        result: { period: { status: 'off', header: { country: '' } } },
      }),
      getRate: () => fail(997, 'System temporarily unavailable'),
    });
    await expect(call('getRate')).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(currentPath()).toBe('/maintenance?next=%2Fnews'));
    expect(await screen.findByRole('heading', { level: 1, name: 'System maintenance...' })).toBeTruthy();
    expect(getState().token).toBe('member-token');
    expect(localStorage.getItem('token')).toBe('member-token');
    expect(getState().profile).toEqual(PROFILE);
  });

  it('another error code opens the dialog with the server message', async () => {
    mockApi({ ...publicServer(), getRate: () => fail(40001, 'The buy and sell rates were not found.') });
    await renderApp('/');
    const box = await dialog();
    expect(within(box).getByText('The buy and sell rates were not found.')).toBeTruthy();
  });

  it('an unknown code opens the dialog with an empty message', async () => {
    mockApi({ ...publicServer(), getRate: () => fail(123456, 'leaked internal text') });
    await renderApp('/');
    const box = await dialog();
    expect(within(box).queryByText('leaked internal text')).toBeNull();
    expect(box.querySelector('.modal__message')?.textContent).toBe('');
  });

  it('sends the token as a bearer and the language, and resolves with result.period', async () => {
    const { requests } = mockApi({
      ...publicServer(),
      profile: () => ({ code: 0, message: '', result: { period: PROFILE } }),
    });
    await signedInApp('/');
    const rates = await call('getRate');
    expect(rates.buyRate).toBe('35.50');
    const last = requests.filter((r) => r.path.endsWith('/getRate')).at(-1);
    expect(last?.method).toBe('POST');
    expect(last?.headers.Authorization).toBe('Bearer member-token');
    expect(last?.headers['Accept-Language']).toBe('en');
  });

  it('reads the API address from /config.json', async () => {
    const { fetch } = mockApi(publicServer(), { API_URL: 'https://api.example.test/' });
    await renderApp('/');
    const urls = fetch.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('https://api.example.test/api/external/home/maintenanceStatus');
  });
});
