import { useT } from '../../lib/i18n.ts';

/** /inspire: a short page of encouragement, in the page's language. */
export default function InspirePage() {
  const t = useT('common');
  return (
    <section className="page inspire" aria-labelledby="inspire-title">
      <h1 id="inspire-title">{t('inspire.title')}</h1>
      <blockquote className="inspire__quote">
        <p>{t('inspire.quote')}</p>
      </blockquote>
      <p>{t('inspire.text')}</p>
    </section>
  );
}
