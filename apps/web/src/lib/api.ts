import type { BodyOf, Envelope, QueryOf, ResultOf } from '@bahtdesk/contract';
import { apiBase } from './config.ts';
import { api, type EndpointName, type Endpoints } from './endpoints.ts';
import { requestLanguage } from './i18n.ts';
import { goTo } from './navigation.ts';
import { clearSession, getState, openGlobalDialog, setState } from './store.ts';

/** A call that did not succeed: `code` is the body code (998 when no envelope came back). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The error's `result.period`, when the server said more (e.g. `resendInSeconds` with 10023). */
    readonly period: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions<N extends EndpointName> {
  body?: BodyOf<Endpoints[N]>;
  query?: QueryOf<Endpoints[N]>;
  /**
   * Open the 'Sorry for the inconvenience' dialog on an error code (default true). A form that
   * shows its errors itself passes false and catches the ApiError.
   */
  dialog?: boolean;
  /** A refresh in the background: the loading bar does not show it. */
  background?: boolean;
  /** Extra request headers (e.g. the clientSignature of anonymous POSTs). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const SESSION_ENDED = new Set([500, 501, 502]);
const UNAVAILABLE = 997;
const NO_ENVELOPE = 998;

async function send(url: string, init: RequestInit): Promise<Envelope<unknown>> {
  try {
    const response = await fetch(url, init);
    const body = (await response.json()) as Partial<Envelope<unknown>>;
    if (typeof body?.code !== 'number') throw new Error('not an envelope');
    return { code: body.code, message: String(body.message ?? ''), result: body.result ?? null };
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { code: NO_ENVELOPE, message: '', result: null };
  }
}

/** The dialog shows the server's message for codes of the catalogue, an empty one otherwise. */
async function dialogMessage(code: number, message: string): Promise<string> {
  const { errorByCode, messageFor } = await import('@bahtdesk/contract');
  if (!errorByCode(code)) return '';
  return message || messageFor(code, getState().language);
}

/**
 * The one way the app talks to the API: base address from /config.json, the token and the
 * language on every request, the envelope unwrapped, and the global body codes handled (spec
 * section 4 and 8): 500/501/502 end the session and go to /login, 997 to /maintenance, any other
 * error opens the global dialog. Resolves with `result.period`; rejects with an ApiError.
 */
export async function call<N extends EndpointName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ResultOf<Endpoints[N]>> {
  const { method, path } = api[name];
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const lang = requestLanguage();
  if (lang) headers['Accept-Language'] = lang;
  const { token } = getState();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const query = options.query ? `?${new URLSearchParams(options.query as Record<string, string>)}` : '';

  if (!options.background) setState({ pending: getState().pending + 1 });
  let envelope: Envelope<unknown>;
  try {
    const url = `${await apiBase()}${path}${query}`;
    envelope = await send(url, { method, headers, body, signal: options.signal ?? null });
  } finally {
    if (!options.background) setState({ pending: Math.max(0, getState().pending - 1) });
  }

  const { code, message } = envelope;
  if (code === 0) return envelope.result?.period as ResultOf<Endpoints[N]>;
  if (SESSION_ENDED.has(code)) {
    clearSession();
    goTo('/login');
  } else if (code === UNAVAILABLE) {
    clearSession();
    goTo('/maintenance');
  } else if (options.dialog !== false && !(code === NO_ENVELOPE && !getState().online)) {
    openGlobalDialog(await dialogMessage(code, message));
  }
  throw new ApiError(code, message, envelope.result?.period);
}
