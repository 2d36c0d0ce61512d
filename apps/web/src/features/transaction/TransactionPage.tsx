import { useLocation } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { transactionTypeOf } from '../../lib/transactionPath.ts';

/**
 * Create and confirm an order (/transaction). The entry point: it opens with the direction chosen
 * on the home page (`?type=buy` or `?type=sell`); the order form itself is not there yet.
 */
export default function TransactionPage() {
  const t = useT('common');
  const type = transactionTypeOf(useLocation().search);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(type ? `pages.transaction_${type}` : 'pages.transaction')}</h1>
      <p>{t('placeholder.text')}</p>
    </section>
  );
}
