import type { Lang, Profile } from '@bahtdesk/contract';
import { useSyncExternalStore } from 'react';

/**
 * The client state of spec section 3, in one small store. `token` and `forceLanguage` are kept in
 * local storage; everything else lives as long as the page. Components read it with
 * `useClientState(selector)`; code outside React uses `getState`/`setState`.
 */
export type { Profile };

export interface SnackBarDetail {
  readonly id: number;
  readonly message: string;
  readonly kind: 'success' | 'error';
}

export interface ClientState {
  /** The session token of a signed-in member (local storage 'token'). */
  token: string | null;
  /** The member's profile, from the profile call's result.period; refetched on each navigation. */
  profile: Profile | null;
  /** Loading overlay over the authentication pages while a form is being sent. */
  overlay: boolean;
  /** The order being created or resumed on /transaction (filled by the transaction feature). */
  transactionDetail: unknown;
  /** The 'Sorry for the inconvenience' dialog: null is closed; '' is open with an empty message. */
  globalDialogMessage: string | null;
  /** The snackbar being shown, or null. */
  snackBarDetail: SnackBarDetail | null;
  /** The dialog saying identity must be verified before a transaction. */
  dialogRequireKyc: boolean;
  /** The dialog saying a USDT address must be added before a transaction. */
  dialogRequireBinanceId: boolean;
  /** A language the member chose; wins over detection (local storage 'forceLanguage'). */
  forceLanguage: Lang | null;
  /** The language the app is shown in. */
  language: Lang;
  /** API requests in flight that the loading bar shows. */
  pending: number;
  /** Whether the browser says it is online. */
  online: boolean;
}

const TOKEN_KEY = 'token';
const FORCE_LANGUAGE_KEY = 'forceLanguage';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked (private mode): the value lives for this page only
  }
}

function asLang(value: string | null): Lang | null {
  return value === 'en' || value === 'th' ? value : null;
}

export function initialState(): ClientState {
  return {
    token: readStorage(TOKEN_KEY),
    profile: null,
    overlay: false,
    transactionDetail: null,
    globalDialogMessage: null,
    snackBarDetail: null,
    dialogRequireKyc: false,
    dialogRequireBinanceId: false,
    forceLanguage: asLang(readStorage(FORCE_LANGUAGE_KEY)),
    language: 'en',
    pending: 0,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
  };
}

let state: ClientState = initialState();
const listeners = new Set<() => void>();

export function getState(): ClientState {
  return state;
}

export function setState(patch: Partial<ClientState>): void {
  const next = { ...state, ...patch };
  if (next.token !== state.token) writeStorage(TOKEN_KEY, next.token);
  if (next.forceLanguage !== state.forceLanguage) writeStorage(FORCE_LANGUAGE_KEY, next.forceLanguage);
  state = next;
  for (const listener of listeners) listener();
}

/** Re-reads local storage and resets everything else (tests; a fresh page does the same). */
export function resetState(): void {
  state = initialState();
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useClientState<T>(select: (s: ClientState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}

export function clearSession(): void {
  setState({ token: null, profile: null });
}

let snackId = 0;
export function showSnackbar(message: string, kind: SnackBarDetail['kind'] = 'success'): void {
  snackId += 1;
  setState({ snackBarDetail: { id: snackId, message, kind } });
}

export function openGlobalDialog(message: string): void {
  setState({ globalDialogMessage: message });
}
