import { type Key, useT } from '../lib/i18n.ts';

/** Stands in for a page that a later issue builds; the route and its guard already work. */
export function PlaceholderPage({ title }: { title: Key<'common'> }) {
  const t = useT('common');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(title)}</h1>
      <p>{t('placeholder.text')}</p>
    </section>
  );
}
