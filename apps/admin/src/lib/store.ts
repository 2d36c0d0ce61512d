import type { Lang, StaffProfile } from '@bahtdesk/contract';
import { type SnackBarDetail, showSnackbar as show } from '@bahtdesk/ui/components';
import { readLangCookie } from '@bahtdesk/ui/i18n';
import { createStore, readStorage, useStore } from '@bahtdesk/ui/store';

/**
 * The console's client state. The staff token lives in session storage (gone when the tab
 * closes); the chosen language in local storage; everything else as long as the page.
 */
export interface AdminState {
  /** The staff session token (session storage 'adminToken'). */
  token: string | null;
  /** The signed-in staff member, from `me` (or the sign-in step that completed the session). */
  profile: StaffProfile | null;
  /** The error dialog: null is closed. */
  dialogMessage: string | null;
  snackBarDetail: SnackBarDetail | null;
  /** A language the staff member chose (local storage 'adminLanguage'). */
  forceLanguage: Lang | null;
  language: Lang;
  /** API requests in flight that the loading bar shows. */
  pending: number;
  /** 'on' when this browser plays a tone for a new waiting order (local storage 'adminOrderSound'). */
  orderSound: 'on' | null;
}

const TOKEN_KEY = 'adminToken';
const LANGUAGE_KEY = 'adminLanguage';
const ORDER_SOUND_KEY = 'adminOrderSound';

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: the session lives as long as the page
  }
}

function asLang(value: string | null): Lang | null {
  return value === 'en' || value === 'th' ? value : null;
}

/** The language to show: the one chosen, else the last shown (cookie), else the browser's. */
export function initialLanguage(): Lang {
  const forced = asLang(readStorage(LANGUAGE_KEY));
  if (forced) return forced;
  const cookie = readLangCookie();
  if (cookie) return cookie;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('th') ? 'th' : 'en';
}

function initialState(): AdminState {
  return {
    token: readSession(TOKEN_KEY),
    profile: null,
    dialogMessage: null,
    snackBarDetail: null,
    forceLanguage: asLang(readStorage(LANGUAGE_KEY)),
    language: initialLanguage(),
    pending: 0,
    orderSound: readStorage(ORDER_SOUND_KEY) === 'on' ? 'on' : null,
  };
}

export const adminStore = createStore(initialState, {
  persist: { forceLanguage: LANGUAGE_KEY, orderSound: ORDER_SOUND_KEY },
});
adminStore.subscribe(() => {
  const { token } = adminStore.getState();
  if (token !== readSession(TOKEN_KEY)) writeSession(TOKEN_KEY, token);
});

export const { getState, setState, reset: resetState } = adminStore;

export function useAdminState<T>(select: (s: AdminState) => T): T {
  return useStore(adminStore, select);
}

export function clearSession(): void {
  setState({ token: null, profile: null });
}

export function showSnackbar(message: string, kind: SnackBarDetail['kind'] = 'success'): void {
  show(adminStore, message, kind);
}
