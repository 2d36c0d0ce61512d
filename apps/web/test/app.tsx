import { memberEndpoints as endpoints } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { stubXhr } from '../../../packages/ui/test/fakeXhr.ts';
import { App } from '../src/app/App.tsx';
import { prepare } from '../src/app/start.ts';
import { resetState } from '../src/lib/store.ts';

export { wholeText } from '@bahtdesk/ui/testing/wholeText';

/**
 * Helpers for integration tests: the whole app rendered at a route, with only `fetch` replaced at
 * the network boundary by a fake API that answers envelopes.
 */
export interface Envelope {
  code: number;
  message: string;
  result: { period: unknown } | null;
}

export interface Request {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
}

export type Handler = (request: Request) => Envelope | Promise<Envelope>;
export type EndpointName = keyof typeof endpoints;

export const ok = (period: unknown): Envelope => ({ code: 0, message: 'Succeed', result: { period } });
export const fail = (code: number, message = ''): Envelope => ({ code, message, result: null });

export const RATES = {
  buyRate: '35.50',
  sellRate: '34.80',
  sellFeePercent: '1.00',
  buyRange: { min: '1000', max: '3000000' },
  sellRange: { min: '100', max: '100000' },
  updatedAt: '2026-11-22T01:00:00.000Z',
};

/** A server that is up, sees no country, has rates and no news, and knows no member. */
export function publicServer(country = ''): Partial<Record<EndpointName, Handler>> {
  return {
    maintenanceStatus: () => ok({ status: 'on', header: { country } }),
    getRate: () => ok(RATES),
    getNews: () => ok({ items: [] }),
    profile: () => fail(500, 'You are not allowed'),
  };
}

/** Replaces fetch with the fake API; returns the requests it received. */
export function mockApi(handlers: Partial<Record<EndpointName, Handler>>, config = { API_URL: '' }) {
  const byPath = new Map<string, Handler>();
  for (const [name, handler] of Object.entries(handlers)) {
    if (handler) byPath.set(endpoints[name as EndpointName].path, handler);
  }
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const reply = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/config.json') return reply(config);
    const request: Request = {
      path: url.pathname,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      query: url.searchParams,
    };
    requests.push(request);
    const handler = byPath.get(url.pathname);
    return reply(handler ? await handler(request) : fail(404, 'This page could not be found.'));
  });
  vi.stubGlobal('fetch', fetchMock);
  // Uploads with progress go through XMLHttpRequest (the kit's sendWithProgress): the same handlers answer.
  stubXhr((url, init) => fetchMock(url, init));
  return { requests, fetch: fetchMock };
}

/** Renders the app as a fresh page at `path` (hash route) and waits for its first check. */
export async function renderApp(path = '/') {
  window.history.replaceState(null, '', `/#${path}`);
  resetState();
  await prepare();
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(<App />);
  });
  await screen.findByRole('main');
  return view as ReturnType<typeof render>;
}

/** The route the app shows now. */
export function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
