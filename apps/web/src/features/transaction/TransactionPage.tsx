import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { setState, useClientState } from '../../lib/store.ts';
import { transactionTypeOf } from '../../lib/transactionPath.ts';
import { tradingBlocker } from './tradingBlocker.ts';

/**
 * Create and confirm an order (/transaction). The entry point: it opens with the direction chosen
 * on the home page (`?type=buy` or `?type=sell`); the order form itself is not there yet. A member
 * who may not trade yet (home's buttons and a typed link both land here) is sent back home with
 * the identity-required or address-required dialog.
 */
export default function TransactionPage() {
  const t = useT('common');
  const navigate = useNavigate();
  const profile = useClientState((s) => s.profile);
  const blocker = profile ? tradingBlocker(profile) : null;
  const type = transactionTypeOf(useLocation().search);

  useEffect(() => {
    if (!blocker) return;
    setState(blocker === 'kyc' ? { dialogRequireKyc: true } : { dialogRequireBinanceId: true });
    navigate('/', { replace: true });
  }, [blocker, navigate]);

  if (!profile || blocker) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(type ? `pages.transaction_${type}` : 'pages.transaction')}</h1>
      <p>{t('placeholder.text')}</p>
    </section>
  );
}
