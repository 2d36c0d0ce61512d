import { adminEndpoints, memberEndpoints } from '@bahtdesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../test/fakeXhr.ts';
import { ApiError } from './ApiError.ts';
import {
  type ApiClientOptions,
  createApiClient,
  type EndpointTable,
  type RouteTable,
} from './createApiClient.ts';

/** The routes of an endpoint table, as an app's (possibly build-time literal) table gives them. */
function routes<E extends EndpointTable>(endpoints: E): RouteTable<E> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
  ) as RouteTable<E>;
}

/** Answers every request with `envelope` (or what `answer` makes of the URL); records the requests. */
function fakeServer(answer: (url: string) => unknown) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      requests.push({ url, init });
      return new Response(JSON.stringify(answer(url)), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

const ok = (period: unknown) => ({ code: 0, message: 'Succeed', result: { period } });
const fail = (code: number, message = '') => ({ code, message, result: null });

function client<E extends EndpointTable>(endpoints: E, overrides: Partial<ApiClientOptions<E>> = {}) {
  const callbacks = {
    onSessionEnded: vi.fn(),
    onUnavailable: vi.fn(),
    onErrorDialog: vi.fn(),
  };
  const api = createApiClient<E>({
    endpoints: routes(endpoints),
    baseUrl: async () => 'https://api.example.test',
    token: () => null,
    language: () => 'en',
    ...callbacks,
    ...overrides,
  });
  return { ...api, ...callbacks };
}

const ME = { id: 3, username: 'operator', role: 'operator', secondFactorDone: true };

describe('API client', () => {
  it('calls an endpoint of any table: the admin one with its token, and resolves with result.period', async () => {
    const requests = fakeServer(() => ok(ME));
    const { call } = client(adminEndpoints, { token: () => 'staff-token', language: () => 'th' });
    await expect(call('me')).resolves.toEqual(ME);
    const [request] = requests;
    expect(request?.url).toBe('https://api.example.test/api/admin/me');
    expect(request?.init.method).toBe('GET');
    expect(request?.init.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer staff-token',
      'Accept-Language': 'th',
    });
  });

  it('fills path params, adds the query, and sends a POST body as JSON', async () => {
    const requests = fakeServer(() => ok({}));
    const endpoints = {
      member: { ...adminEndpoints.me, path: '/api/admin/members/:id/notes/:noteId' },
      getNews: memberEndpoints.getNews,
      setRates: adminEndpoints.setRates,
    };
    const { call } = client(endpoints);
    await call('member', { params: { id: 7, noteId: 'a b' } });
    await call('getNews', { query: { limit: 3 } });
    await call('setRates', { body: { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1.00' } });
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.example.test/api/admin/members/7/notes/a%20b',
      'https://api.example.test/api/external/home/getNews?limit=3',
      'https://api.example.test/api/admin/rates',
    ]);
    expect(requests[2]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(requests[2]?.init.body))).toEqual({
      buyRate: '35.50',
      sellRate: '34.80',
      sellFeePercent: '1.00',
    });
  });

  it('sends no Accept-Language while the app knows none', async () => {
    const requests = fakeServer(() => ok(ME));
    const { call } = client(adminEndpoints, { acceptLanguage: () => undefined });
    await call('me');
    expect(requests[0]?.init.headers).not.toHaveProperty('Accept-Language');
  });

  for (const code of [500, 501, 502]) {
    it(`hands code ${code} to onSessionEnded and rejects with the ApiError`, async () => {
      fakeServer(() => fail(code, 'You are not allowed'));
      const { call, onSessionEnded, onErrorDialog } = client(adminEndpoints);
      await expect(call('me')).rejects.toMatchObject({ code, message: 'You are not allowed' });
      expect(onSessionEnded).toHaveBeenCalledWith(code);
      expect(onErrorDialog).not.toHaveBeenCalled();
    });
  }

  it('hands code 997 to onUnavailable', async () => {
    fakeServer(() => fail(997, 'System temporarily unavailable'));
    const { call, onUnavailable, onErrorDialog } = client(adminEndpoints);
    await expect(call('me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnavailable).toHaveBeenCalledOnce();
    expect(onErrorDialog).not.toHaveBeenCalled();
  });

  it('opens the error dialog with the message of a catalogue code, an empty one for an unknown code', async () => {
    let answer = fail(40001, 'The buy and sell rates were not found.');
    fakeServer(() => answer);
    const { call, onErrorDialog } = client(adminEndpoints);
    await expect(call('me')).rejects.toMatchObject({ code: 40001 });
    expect(onErrorDialog).toHaveBeenLastCalledWith('The buy and sell rates were not found.', 40001);

    answer = fail(123456, 'leaked internal text');
    await expect(call('me')).rejects.toMatchObject({ code: 123456 });
    expect(onErrorDialog).toHaveBeenLastCalledWith('', 123456);
  });

  it('keeps the dialog shut when the call says so, and for a failed network while offline', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    let online = false;
    const { call, onErrorDialog } = client(adminEndpoints, { online: () => online });
    await expect(call('me')).rejects.toMatchObject({ code: 998 });
    fakeServer(() => fail(40001));
    online = true;
    await expect(call('me', { dialog: false })).rejects.toMatchObject({ code: 40001 });
    expect(onErrorDialog).not.toHaveBeenCalled();
  });

  it('reports an upload in whole per cent through XMLHttpRequest, and answers as fetch would', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    stubXhr(async (url, init) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(ok({ photoId: 7 })));
    });
    const { call } = client(memberEndpoints, { token: () => 'member-token' });
    const sentLength = () => String(sent[0]?.init.body).length;
    const seen: number[] = [];
    const image = 'A'.repeat(999);
    await expect(
      call('stageKycImage', {
        body: { slot: 'passportImage', image },
        onUploadProgress: (percent) => seen.push(percent),
      }),
    ).resolves.toEqual({ photoId: 7 });
    // Nothing yet, half the body, all of it, then the answer.
    expect(seen).toEqual([0, Math.floor((Math.floor(sentLength() / 2) * 100) / sentLength()), 100, 100]);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(sent[0]?.url).toBe('https://api.example.test/api/external/user/stageKycImage');
    expect(sent[0]?.init.headers).toMatchObject({ Authorization: 'Bearer member-token' });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ slot: 'passportImage', image });
  });

  it('an upload that gets no envelope answers 998 like any call', async () => {
    stubXhr(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const { call } = client(memberEndpoints);
    await expect(
      call('stageKycImage', {
        body: { slot: 'passportImage', image: 'AAAA' },
        onUploadProgress: () => {},
        dialog: false,
      }),
    ).rejects.toMatchObject({ code: 998 });
  });

  it('carries the error period (what the server said more)', async () => {
    fakeServer(() => ({ code: 10023, message: 'Wait', result: { period: { resendInSeconds: 42 } } }));
    const { call } = client(adminEndpoints);
    await expect(call('me', { dialog: false })).rejects.toMatchObject({
      code: 10023,
      period: { resendInSeconds: 42 },
    });
  });

  it('counts the calls in flight for the loading bar, background calls excepted', async () => {
    let answer: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(new Response(JSON.stringify(ok(ME))));
          }),
      ),
    );
    const { call, pending } = client(adminEndpoints);
    const background = call('me', { background: true });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(pending.getState().pending).toBe(0);
    answer();
    await background;

    const shown = call('me');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(pending.getState().pending).toBe(1);
    answer();
    await shown;
    expect(pending.getState().pending).toBe(0);
  });
});
