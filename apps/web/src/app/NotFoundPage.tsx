import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

/** Unknown routes (docs/product.md, Screens): '404 Not Found', the text, and a way back home. */
export default function NotFoundPage() {
  const t = useT('common');
  return (
    <section className="page page--center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className="actions">
        <Link className="button button--primary" to="/">
          {t('notFound.back')}
        </Link>
      </p>
    </section>
  );
}
