import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/** Whether the browser says it is offline (the store follows its online and offline events). */
export function useOffline(): boolean {
  return !useClientState((s) => s.online);
}

/**
 * What a page shows in place of data it could not load while offline, rather than a loading text
 * that never ends or a "not found": the page loads the data again once back online (reconnect.ts).
 */
export function OfflineState() {
  const t = useT('common');
  return <p className="note note--warning offline-state">{t('offlineState')}</p>;
}
