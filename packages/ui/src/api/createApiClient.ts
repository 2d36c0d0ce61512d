import {
  type BodyOf,
  type Endpoint,
  type Envelope,
  fillPath,
  type Lang,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@bahtdesk/contract';
import { createStore, type Store } from '../store/createStore.ts';
import { ApiError } from './ApiError.ts';
import { NO_ENVELOPE, SESSION_ENDED, UNAVAILABLE } from './codes.ts';
import { sendForEnvelope, sendWithProgress } from './envelope.ts';
import { apiBase } from './runtimeConfig.ts';

/** A map of the contract's endpoints by name (`memberEndpoints`, `adminEndpoints`). */
export type EndpointTable = { readonly [name: string]: Endpoint };

/** What the browser needs of an endpoint: its method and path (`:name` segments filled from `params`). */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/**
 * Method and path of every endpoint of `E`. An app builds it from the contract (and its
 * production build may replace it by a literal, so zod is not shipped with the client).
 */
export type RouteTable<E extends EndpointTable> = { readonly [N in keyof E]: Route };

export interface CallOptions<E extends EndpointTable, N extends keyof E> {
  body?: BodyOf<E[N]>;
  query?: QueryOf<E[N]>;
  /** The `:name` segments of the path (`/api/admin/members/:id` with `{ id: 7 }`). */
  params?: ParamsOf<E[N]>;
  /**
   * Open the error dialog on an error code (default true). A form that shows its errors itself
   * passes false and catches the ApiError.
   */
  dialog?: boolean;
  /** A refresh in the background: not counted in `pending`, so the loading bar does not show it. */
  background?: boolean;
  /** Extra request headers (e.g. the clientSignature of anonymous POSTs). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * For an upload: called with the whole per cent of the body sent so far (0 to 100); the request
   * then goes through XMLHttpRequest, whose upload events fetch lacks.
   */
  onUploadProgress?: (percent: number) => void;
}

/** Calls an endpoint by name; resolves with its `result.period`, rejects with an ApiError. */
export type Call<E extends EndpointTable> = <N extends keyof E & string>(
  name: N,
  options?: CallOptions<E, N>,
) => Promise<ResultOf<E[N]>>;

/** Requests in flight that the loading bar shows. */
export interface PendingState {
  pending: number;
}

export interface ApiClientOptions<E extends EndpointTable> {
  endpoints: RouteTable<E>;
  /** The session token, sent as a bearer when there is one. */
  token: () => string | null;
  /** The page's language: the error dialog shows catalogue messages in it. */
  language: () => Lang;
  /** The Accept-Language header; none while it answers undefined (default: `language()`). */
  acceptLanguage?: () => Lang | undefined;
  /** Whether the browser is online: a failed call while offline opens no dialog (default: navigator.onLine). */
  online?: () => boolean;
  /** Where the count of requests in flight is kept (default: a store of the client's own). */
  pending?: Store<PendingState>;
  /** The API's base address (default: API_URL of /config.json). */
  baseUrl?: () => Promise<string>;
  /** Codes 500/501/502: the session has ended (clear it, go to the sign-in page). */
  onSessionEnded: (code: number) => void;
  /** Code 997: the service is unavailable (go to the maintenance page). */
  onUnavailable: () => void;
  /**
   * Any other error of a call that did not pass `dialog: false`: the catalogue's message in the
   * page's language (the server's own words for a catalogue code), '' for a code the catalogue
   * does not know.
   */
  onErrorDialog: (message: string, code: number) => void;
}

export interface ApiClient<E extends EndpointTable> {
  call: Call<E>;
  pending: Store<PendingState>;
}

/** The dialog shows the server's message for codes of the catalogue, an empty one otherwise. */
async function dialogMessage(code: number, message: string, lang: Lang): Promise<string> {
  const { errorByCode, messageFor } = await import('@bahtdesk/contract');
  if (!errorByCode(code)) return '';
  return message || messageFor(code, lang);
}

/**
 * The one way an app talks to the API: base address from /config.json, the token and the
 * language on every request, the envelope unwrapped, and the global body codes handled
 * (docs/product.md, Member rules) through the app's callbacks. It knows nothing of the app's routes or store.
 */
export function createApiClient<E extends EndpointTable>(options: ApiClientOptions<E>): ApiClient<E> {
  const pending = options.pending ?? createStore<PendingState>(() => ({ pending: 0 }));
  const baseUrl = options.baseUrl ?? apiBase;
  const acceptLanguage = options.acceptLanguage ?? options.language;
  const online = options.online ?? (() => navigator.onLine);
  const count = (delta: number) =>
    pending.setState({ pending: Math.max(0, pending.getState().pending + delta) });

  const call = async <N extends keyof E & string>(
    name: N,
    callOptions: CallOptions<E, N> = {},
  ): Promise<ResultOf<E[N]>> => {
    const { method, path } = options.endpoints[name];
    const headers: Record<string, string> = { Accept: 'application/json', ...callOptions.headers };
    const lang = acceptLanguage();
    if (lang) headers['Accept-Language'] = lang;
    const token = options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(callOptions.body ?? {});
    }
    const params = callOptions.params as Record<string, string | number> | undefined;
    const query = callOptions.query
      ? `?${new URLSearchParams(callOptions.query as Record<string, string>)}`
      : '';

    if (!callOptions.background) count(1);
    let envelope: Envelope<unknown>;
    try {
      const url = `${await baseUrl()}${fillPath(path, params)}${query}`;
      const signal = callOptions.signal ?? null;
      envelope = callOptions.onUploadProgress
        ? await sendWithProgress(url, { method, headers, body, signal }, callOptions.onUploadProgress)
        : await sendForEnvelope(url, { method, headers, body, signal });
    } finally {
      if (!callOptions.background) count(-1);
    }

    const { code, message } = envelope;
    if (code === 0) return envelope.result?.period as ResultOf<E[N]>;
    if (SESSION_ENDED.has(code)) {
      options.onSessionEnded(code);
    } else if (code === UNAVAILABLE) {
      options.onUnavailable();
    } else if (callOptions.dialog !== false && !(code === NO_ENVELOPE && !online())) {
      options.onErrorDialog(await dialogMessage(code, message, options.language()), code);
    }
    throw new ApiError(code, message, envelope.result?.period);
  };

  return { call, pending };
}
