import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

export default function NotFoundPage() {
  const t = useT('common');
  return (
    <section className="page" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
