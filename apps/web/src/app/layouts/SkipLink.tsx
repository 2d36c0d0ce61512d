import { useT } from '../../lib/i18n.ts';

/** First stop for keyboard users. A button, since '#main' would be a route in a hash router. */
export function SkipLink() {
  const t = useT('common');
  return (
    <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
      {t('app.skipToContent')}
    </button>
  );
}
