import { handledGlobally, NO_ENVELOPE } from '@bahtdesk/ui/api';
import { readLangCookie } from '@bahtdesk/ui/i18n';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, call } from '../lib/api.ts';
import { applyLanguage } from '../lib/i18n.ts';
import { resolveLanguage } from '../lib/language.ts';
import { useOnReconnect } from '../lib/reconnect.ts';
import { getState, setState, useClientState } from '../lib/store.ts';
import { type MaintenanceStatus, redirectFor, withReturn } from './guard.ts';

/** Asks the server for the maintenance status and the visitor's country; sets the language. */
async function checkStatus(): Promise<MaintenanceStatus | undefined> {
  try {
    const period = await call('maintenanceStatus', { dialog: false });
    const { forceLanguage } = getState();
    await applyLanguage(
      resolveLanguage({ forced: forceLanguage, cookie: readLangCookie(), country: period.header.country }),
    );
    return period.status;
  } catch {
    return undefined;
  }
}

let early: Promise<MaintenanceStatus | undefined> | null = null;

/** Starts the first status check before React renders (main.tsx); the guard picks it up. */
export function startStatusCheck(): void {
  early = checkStatus();
}

/**
 * The profile is refetched on each navigation (docs/product.md, Member rules). Only the answers that
 * say the session is gone (500/501/502) end it, which the API client does; 997 goes to maintenance
 * with the session kept. Any other failure (a database problem, a fault, the network) is the desk's
 * hiccup, not the member's: they stay signed in and `profileProblem` says what happened, with a
 * retry (decision 0063). While the browser is offline nothing could be asked, so nothing failed.
 */
export async function refreshProfile(): Promise<void> {
  if (!getState().token) return;
  try {
    setState({ profile: await call('profile', { dialog: false }), profileProblem: null });
  } catch (error) {
    const code = error instanceof ApiError ? error.code : NO_ENVELOPE;
    if (handledGlobally(code) || !getState().online) return;
    const { errorByCode, messageFor } = await import('@bahtdesk/contract');
    const { language } = getState();
    const reason = error instanceof ApiError && error.message ? error.message : '';
    setState({ profileProblem: errorByCode(code) ? reason || messageFor(code, language) : reason });
  }
}

/**
 * Back online: the profile is read again, since a page loaded offline has none yet (the account
 * and order pages wait for it). A failure here is the network still waking up, not the session
 * ending (the API client still ends it on the session codes), so it leaves the session alone.
 */
async function reloadProfile(): Promise<void> {
  if (!getState().token) return;
  try {
    setState({ profile: await call('profile', { dialog: false }), profileProblem: null });
  } catch {
    // The next navigation asks again.
  }
}

/**
 * Runs the guard on every navigation: the token rules at once (so a protected page never shows
 * without a token), then the maintenance status and the profile from the server, redirecting if
 * they say so. Pages show at once (in the language known so far) rather than after a round trip:
 * a first visit from Thailand turns Thai, and maintenance sends to /maintenance, when the check
 * answers; /maintenance shows until the check says the service is up.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useClientState((s) => s.token !== null);
  const lastStatus = useRef<MaintenanceStatus | undefined>(undefined);
  useOnReconnect(reloadProfile);

  // A link typed into the address bar has no history state, so the hash router gives each one the
  // key "default": the path and query tell those navigations apart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, not per render
  useEffect(() => {
    let current = true;
    const { pathname: path, search } = location;
    const status = early ?? checkStatus();
    early = null;
    // The maintenance page reads no profile: during maintenance it would only answer 997.
    const profile = path === '/maintenance' ? undefined : refreshProfile();
    Promise.all([status, profile]).then(([fresh]) => {
      if (!current) return;
      lastStatus.current = fresh;
      const to = redirectFor(path, { status: fresh, signedIn: getState().token !== null });
      if (to && to !== path) navigate(withReturn(to, path, search), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [location.key, location.pathname, location.search]);

  // Between checks: the token rules, and maintenance if it was last seen on.
  const known = lastStatus.current === 'off' ? 'off' : undefined;
  const to = redirectFor(location.pathname, { status: known, signedIn });
  if (to && to !== location.pathname) {
    return <Navigate to={withReturn(to, location.pathname, location.search)} replace />;
  }
  return children;
}
