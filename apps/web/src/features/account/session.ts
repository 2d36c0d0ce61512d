import { call } from '../../lib/api.ts';
import { clearSession } from '../../lib/store.ts';

/**
 * Signs the member out: the server revokes the token (logout), then token and profile are cleared
 * here whatever the server answered, so a member can always sign out, even offline.
 */
export async function signOut(): Promise<void> {
  try {
    await call('logout', { dialog: false });
  } catch {
    // already ended on the server, or unreachable: the local session ends anyway
  }
  clearSession();
}
