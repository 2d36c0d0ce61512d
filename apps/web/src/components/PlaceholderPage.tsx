import { type Key, useT } from '../lib/i18n.ts';

/** A page whose content is not there yet: its title and a short note; the route and its guard work. */
export function PlaceholderPage({ title }: { title: Key<'common'> }) {
  const t = useT('common');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(title)}</h1>
      <p>{t('placeholder.text')}</p>
    </section>
  );
}
