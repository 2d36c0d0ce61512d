import { adminEndpoints as endpoints, type StaffProfile, type StaffRole } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../src/app/App.tsx';
import { applyLanguage } from '../src/lib/i18n.ts';
import { getState, resetState, setState } from '../src/lib/store.ts';

export { wholeText } from '@bahtdesk/ui/testing/wholeText';

/**
 * Integration tests render the whole console at a route, with only `fetch` replaced at the network
 * boundary by a fake API that answers envelopes for the contract's paths.
 */
export interface Envelope {
  code: number;
  message: string;
  result: { period: unknown } | null;
}

export interface Request {
  name: EndpointName;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
}

export type EndpointName = keyof typeof endpoints;
/** An envelope; or a Response as it is (the event stream). */
export type Handler = (request: Request) => Envelope | Response | Promise<Envelope | Response>;

export const ok = (period: unknown): Envelope => ({ code: 0, message: 'Succeed', result: { period } });
export const fail = (code: number, message = ''): Envelope => ({ code, message, result: null });

export function profile(role: StaffRole, patch: Partial<StaffProfile> = {}): StaffProfile {
  return {
    id: 1,
    username: `${role}1`,
    role,
    enrolled: true,
    mustChangePassword: false,
    secondFactorDone: true,
    ...patch,
  };
}

/** `/api/admin/members/:id` as a pattern that matches `/api/admin/members/7`. */
function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
}

/** Replaces fetch with the fake API; returns the requests it received. */
export function mockApi(handlers: Partial<Record<EndpointName, Handler>>) {
  const routes = Object.entries(handlers).map(([name, handler]) => {
    const e = endpoints[name as EndpointName];
    return { name: name as EndpointName, method: e.method, re: pattern(e.path), handler: handler as Handler };
  });
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const reply = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/config.json') return reply({ API_URL: '' });
      const method = init.method ?? 'GET';
      const route = routes.find((r) => r.method === method && r.re.test(url.pathname));
      if (!route) return reply(fail(404, 'This page could not be found.'));
      const request: Request = {
        name: route.name,
        method,
        path: url.pathname,
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        query: url.searchParams,
      };
      requests.push(request);
      const answer = await route.handler(request);
      return answer instanceof Response ? answer : reply(answer);
    }),
  );
  return { requests, called: (name: EndpointName) => requests.filter((r) => r.name === name) };
}

/** Renders the console as a fresh page at `path`, signed in with `token` when given. */
export async function renderConsole(path = '/', token: string | null = null) {
  window.history.replaceState(null, '', `/admin/#${path}`);
  if (token) sessionStorage.setItem('adminToken', token);
  resetState();
  await applyLanguage(getState().language);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(<App />);
  });
  await screen.findAllByRole('heading', { level: 1 });
  return view as ReturnType<typeof render>;
}

export function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

export { setState };

/** A server-sent event stream the test writes to: `send('rates.changed')`. */
export function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (name: string) => controller?.enqueue(encoder.encode(`event: ${name}\ndata: {}\n\n`)),
    close: () => controller?.close(),
  };
}

/** A promise the test settles when it chooses (`open`), to hold an answer back until then. */
export function heldAnswer() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
