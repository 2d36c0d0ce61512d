import type { WaitingCounts } from '@bahtdesk/contract';
import { useEffect, useRef } from 'react';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useAdminState } from '../../lib/store.ts';
import { playChime } from './chime.ts';

/**
 * What waits for staff, kept current by the console's event stream: `order.updated` and
 * `kyc.updated` make the read stale (lib/api.ts), and the data layer runs at most one read at a
 * time with one more queued, so a burst of events costs two reads. Undefined until the first read;
 * a failed read shows no count rather than an error dialog on every screen.
 */
export function useWaiting(): WaitingCounts | undefined {
  const state = useApi('waitingCounts', { dialog: false });
  return state.status === 'ready' ? state.data : undefined;
}

/**
 * The tab's title with what waits in front, "(3) BahtDesk back office". The language switch sets
 * the bare title (lib/i18n.ts); this effect runs after that render, so the count is never lost.
 */
export function useWaitingTitle(waiting: WaitingCounts | undefined): void {
  const t = useT('common');
  const total = waiting ? waiting.orders + waiting.identity : 0;
  const title = total > 0 ? `(${total}) ${t('app.title')}` : t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A short tone when the count of waiting orders goes up, if this browser turned the sound on. */
export function useNewOrderChime(waiting: WaitingCounts | undefined): void {
  const on = useAdminState((s) => s.orderSound);
  const last = useRef<number | undefined>(undefined);
  const orders = waiting?.orders;
  useEffect(() => {
    if (orders === undefined) return;
    const before = last.current;
    last.current = orders;
    if (on && before !== undefined && orders > before) playChime();
  }, [orders, on]);
}
