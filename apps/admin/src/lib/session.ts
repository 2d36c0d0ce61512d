import type { StaffProfile } from '@bahtdesk/contract';
import { goTo } from '@bahtdesk/ui/navigation';
import { can } from './access.ts';
import { call } from './api.ts';
import type { EndpointName } from './endpoints.ts';
import { closeLiveEvents } from './live.ts';
import { clearSession, getState, setState, useAdminState } from './store.ts';

/** A sign-in step completed the session: the console opens. */
export function startSession(profile: StaffProfile): void {
  setState({ profile });
}

/**
 * Ends the staff session here and goes back to sign-in, then ends it on the server (if it can).
 * The console leaves first, so no screen still open reads with a session the server has ended.
 */
export async function signOut(): Promise<void> {
  const { token } = getState();
  closeLiveEvents();
  clearSession();
  goTo('/sign-in');
  if (!token) return;
  await call('staffLogout', { dialog: false, headers: { Authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
}

/** Whether the signed-in staff member's role may make this call (buttons and forms show only then). */
export function useCan(name: EndpointName): boolean {
  return can(
    useAdminState((s) => s.profile?.role),
    name,
  );
}
