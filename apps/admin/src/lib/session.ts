import type { StaffProfile } from '@bahtdesk/contract';
import { goTo } from '@bahtdesk/ui/navigation';
import { can } from './access.ts';
import { call } from './api.ts';
import type { EndpointName } from './endpoints.ts';
import { closeLiveEvents } from './live.ts';
import { clearSession, setState, useAdminState } from './store.ts';

/** A sign-in step completed the session: the console opens. */
export function startSession(profile: StaffProfile): void {
  setState({ profile });
}

/** Ends the staff session on the server (if it can) and here, and goes back to sign-in. */
export async function signOut(): Promise<void> {
  closeLiveEvents();
  await call('staffLogout', { dialog: false }).catch(() => undefined);
  clearSession();
  goTo('/sign-in');
}

/** Whether the signed-in staff member's role may make this call (buttons and forms show only then). */
export function useCan(name: EndpointName): boolean {
  return can(
    useAdminState((s) => s.profile?.role),
    name,
  );
}
