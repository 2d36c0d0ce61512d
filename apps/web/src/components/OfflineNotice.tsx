import { chunksWaitingOnline, subscribeChunksWaiting } from '@bahtdesk/ui/chunkReload';
import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n.ts';
import { setState, useClientState } from '../lib/store.ts';

/**
 * Tracks the browser's online status and says so while it is offline; when a page or dialog the
 * member opened waits for the connection to load, it says that it opens once they are back online.
 */
export function OfflineNotice() {
  const t = useT('common');
  const online = useClientState((s) => s.online);
  const waiting = useSyncExternalStore(subscribeChunksWaiting, chunksWaitingOnline) > 0;
  useEffect(() => {
    const update = () => setState({ online: navigator.onLine });
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className="offline-region">
      {online ? null : <p className="offline">{t(waiting ? 'offlineWaiting' : 'offline')}</p>}
    </div>
  );
}
