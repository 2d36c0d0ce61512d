import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/** A thin bar at the top while a page or a request is loading. */
export function LoadingBar({ active = false }: { active?: boolean }) {
  const t = useT('common');
  const pending = useClientState((s) => s.pending > 0);
  if (!active && !pending) return null;
  return <div className="loading-bar" role="progressbar" aria-label={t('app.loading')} />;
}

/** The bar without words, for the moment before translations have arrived. */
export function BareLoadingBar() {
  return <div className="loading-bar" aria-hidden="true" />;
}
