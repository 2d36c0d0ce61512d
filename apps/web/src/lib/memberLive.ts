import { apiBase, createEventStream } from '@bahtdesk/ui/api';
import { useEffect, useRef } from 'react';
import { call, queries } from './api.ts';
import { streams } from './endpoints.ts';
import { useT } from './i18n.ts';
import { getState, setState, showSnackbar, useClientState } from './store.ts';

/**
 * The member's own live stream (`/api/live/member`): events about this member only. A staff
 * decision on their identity (`kyc.updated`) reaches their open page at once: the profile is read
 * again and the snackbar says what was decided (decision 0036).
 */
const stream = createEventStream({
  url: async () => `${await apiBase()}${streams.memberEvents}`,
  token: () => getState().token,
});

/** Re-reads the profile; answers the identity status before and after. */
export async function refreshProfile(): Promise<{ before?: string; after: string }> {
  const before = getState().profile?.kycStatus;
  const profile = await call('profile', { dialog: false, background: true });
  setState({ profile });
  return { before, after: profile.kycStatus };
}

/**
 * Listens to the member's stream while their identity submission waits for a staff decision, so a
 * signed-in tab holds no connection the rest of the time (orders: useOrderUpdates). The default
 * layout mounts it.
 */
export function useMemberLive(): void {
  const waiting = useClientState((s) => s.profile?.kycStatus === 'waiting');
  const token = useClientState((s) => (waiting ? s.token : null));
  const translate = useT('common');
  const t = useRef(translate);
  t.current = translate;
  useEffect(() => {
    if (!token) return;
    const off = stream.on(['kyc.updated'], () => {
      refreshProfile().then(
        ({ before, after }) => {
          if (before === after) return;
          if (after === 'verified') showSnackbar(t.current('kycDecided.verified'));
          if (after === 'failed') showSnackbar(t.current('kycDecided.failed'), 'error');
        },
        () => undefined,
      );
    });
    // The stream closes when its last listener goes (an open order page may still listen).
    return off;
  }, [token]);
}

/**
 * While `enabled` (an order page showing an order that can still change, a history page listing
 * one), the member's stream is open and each change of one of their orders (`order.updated`: a
 * staff decision, an expiry) makes the order reads stale in the data layer, so what is shown is
 * read again.
 */
export function useOrderUpdates(enabled: boolean): void {
  const token = useClientState((s) => (enabled ? s.token : null));
  useEffect(() => {
    if (!token) return;
    return stream.on(['order.updated'], () =>
      queries.invalidate(['getTransaction', 'getTransactionList', 'getOrderTerms']),
    );
  }, [token]);
}
