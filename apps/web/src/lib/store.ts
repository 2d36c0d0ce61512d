import type { Lang, Profile } from '@bahtdesk/contract';
import { type SnackBarDetail, showSnackbar as show } from '@bahtdesk/ui/components';
import { createStore, readStorage, useStore } from '@bahtdesk/ui/store';

/**
 * The client state (token, profile, language, dialogs, snackbar), in one small store. `token` and `forceLanguage` are kept in
 * local storage; everything else lives as long as the page. Components read it with
 * `useClientState(selector)`; code outside React uses `getState`/`setState`.
 */
export type { Profile, SnackBarDetail };

export interface ClientState {
  /** The session token of a signed-in member (local storage 'token'). */
  token: string | null;
  /** The member's profile, from the profile call's result.period; refetched on each navigation. */
  profile: Profile | null;
  /**
   * Why the last profile read failed when the session did not end (a database problem, a fault,
   * the network): the member stays signed in and is told, with a retry; null when it succeeded.
   */
  profileProblem: string | null;
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

function asLang(value: string | null): Lang | null {
  return value === 'en' || value === 'th' ? value : null;
}

function initialState(): ClientState {
  return {
    token: readStorage(TOKEN_KEY),
    profile: null,
    profileProblem: null,
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

/** The store itself, for the kit's pieces that take it (i18n, API client, snackbar). */
export const clientStore = createStore(initialState, {
  persist: { token: TOKEN_KEY, forceLanguage: FORCE_LANGUAGE_KEY },
});

/** `resetState` re-reads local storage and resets everything else (tests; a fresh page does the same). */
export const { getState, setState, reset: resetState } = clientStore;

export function useClientState<T>(select: (s: ClientState) => T): T {
  return useStore(clientStore, select);
}

export function clearSession(): void {
  setState({ token: null, profile: null, profileProblem: null });
}

export function showSnackbar(message: string, kind: SnackBarDetail['kind'] = 'success'): void {
  show(clientStore, message, kind);
}

export function openGlobalDialog(message: string): void {
  setState({ globalDialogMessage: message });
}
