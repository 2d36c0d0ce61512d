import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/** Covers an authentication page while its form is being sent (`overlay` in the client state). */
export function Overlay() {
  const t = useT('common');
  const overlay = useClientState((s) => s.overlay);
  if (!overlay) return null;
  return (
    <div className="overlay" role="status" aria-live="polite">
      <span className="overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
