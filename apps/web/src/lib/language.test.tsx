import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Envelope, mockApi, publicServer, renderApp } from '../../test/app.tsx';
import { call } from './api.ts';
import { resolveLanguage } from './language.ts';

const THAI_TITLE = 'ซื้อขาย USDT ด้วยเงินบาท';
const ENGLISH_TITLE = 'Buy and sell USDT with Thai baht';

describe('language rule', () => {
  it('prefers forceLanguage, then the country, then the cookie, then the browser language, then English', () => {
    expect(resolveLanguage({ forced: 'en', cookie: 'th', country: 'th' })).toBe('en');
    expect(resolveLanguage({ forced: null, cookie: 'en', country: 'th' })).toBe('th');
    expect(resolveLanguage({ forced: null, cookie: 'th', country: 'us' })).toBe('en');
    expect(resolveLanguage({ forced: null, cookie: 'th', country: undefined })).toBe('th');
    expect(resolveLanguage({ forced: null, cookie: null, country: '' })).toBe('en');
    expect(resolveLanguage({ forced: null, cookie: null, browser: 'th-TH' })).toBe('th');
    expect(resolveLanguage({ forced: null, cookie: 'en', browser: 'th-TH' })).toBe('en');
    expect(resolveLanguage({ forced: null, cookie: null, country: 'us', browser: 'th-TH' })).toBe('en');
  });
});

describe('language of the app', () => {
  it('shows English on a first visit from outside Thailand', async () => {
    mockApi(publicServer('us'));
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: ENGLISH_TITLE })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows Thai when maintenanceStatus says the visitor is in Thailand, and keeps it in the cookie', async () => {
    mockApi(publicServer('th'));
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: THAI_TITLE })).toBeTruthy();
    expect(document.documentElement.lang).toBe('th');
    expect(document.cookie).toContain('lang=th');
  });

  it('starts in the cookie language when the country cannot be learned', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a returning visitor brings
    document.cookie = 'lang=th; Path=/';
    mockApi({ ...publicServer(), maintenanceStatus: () => ({ code: 998, message: '', result: null }) });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: THAI_TITLE })).toBeTruthy();
    expect(document.documentElement.lang).toBe('th');
  });

  it('paints a first visit from a Thai browser in Thai before the country is known', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('th-TH');
    let answer: (value: Envelope) => void = () => {};
    mockApi({
      ...publicServer(),
      maintenanceStatus: () => new Promise<Envelope>((resolve) => (answer = resolve)),
    });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: THAI_TITLE })).toBeTruthy();
    await act(async () =>
      answer({ code: 0, message: '', result: { period: { status: 'on', header: { country: 'th' } } } }),
    );
    expect(document.documentElement.lang).toBe('th');
  });

  it('lets forceLanguage win over a Thai country', async () => {
    localStorage.setItem('forceLanguage', 'en');
    mockApi(publicServer('th'));
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: ENGLISH_TITLE })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('sends no Accept-Language before a language is known, then the chosen one', async () => {
    const { requests } = mockApi(publicServer('us'));
    await renderApp('/');
    const first = requests.find((r) => r.path.endsWith('/maintenanceStatus'));
    expect(first?.headers['Accept-Language']).toBeUndefined();
    await waitFor(() => expect(document.cookie).toContain('lang=en'));
    await call('getNews', { query: { limit: 1 } });
    expect(requests.at(-1)?.headers['Accept-Language']).toBe('en');
  });

  it('keeps a language switched to Thai after a reload, even for a visitor outside Thailand', async () => {
    mockApi(publicServer('us'));
    const view = await renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ไทย' }));
    expect(await screen.findByRole('heading', { level: 1, name: THAI_TITLE })).toBeTruthy();
    expect(localStorage.getItem('forceLanguage')).toBe('th');
    expect(document.cookie).toContain('lang=th');
    act(() => view.unmount());

    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: THAI_TITLE })).toBeTruthy();
    expect(document.documentElement.lang).toBe('th');
  });
});
