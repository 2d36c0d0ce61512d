import { Link, useLocation } from 'react-router';
import { Countdown } from '../features/transaction/Countdown.tsx';
import { queries, useApi } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

function useOrderTerms() {
  const signedIn = useClientState((s) => Boolean(s.token && s.profile));
  const terms = useApi('getOrderTerms', { dialog: false }, { skip: !signedIn });
  return { signedIn, terms };
}

/**
 * Whether the bar may still appear: a member's page is shown once this is false, so the bar never
 * pushes a page that is already on screen down (CLS 0). True while a signed-in member's profile
 * (online, with no problem reading it) or order terms are on their way.
 */
export function usePendingOrderUnknown(): boolean {
  const { signedIn, terms } = useOrderTerms();
  const profileComing = useClientState(
    (s) => s.token !== null && !s.profile && s.online && !s.profileProblem,
  );
  return profileComing || (signedIn && terms.status === 'loading');
}

/**
 * The signed-in member's pending order, under the top bar of every page (home included): what it
 * waits for, its countdown and a link to continue it. Not on that order's own page or history
 * detail, which show the countdown themselves. At zero the terms are read again, and the bar goes.
 */
export function PendingOrderBar() {
  const t = useT('transaction');
  const { pathname, search } = useLocation();
  const { signedIn, terms } = useOrderTerms();
  const order = signedIn && terms.status === 'ready' ? terms.data.pendingOrder : null;
  if (!order) return null;
  const continuePath = `/transaction?id=${encodeURIComponent(order.id)}`;
  // The order's own page and its history detail show its countdown and "continue" themselves.
  const shown = ['/transaction', '/transaction-history'].includes(pathname);
  if (shown && new URLSearchParams(search).get('id') === order.id) return null;
  return (
    <section className="pending-bar" aria-label={t('pending.label')}>
      <div className="pending-bar__inner">
        <p className="pending-bar__text">{t(`pending.${order.type}`, { id: order.id })}</p>
        <Countdown
          deadlineAt={order.deadlineAt}
          onExpired={() => queries.invalidate(['getOrderTerms'])}
          label={order.type === 'sell' ? t('order.timeLeftSell') : undefined}
        />
        <Link className="button button--primary button--small" to={continuePath}>
          {t('pending.continue')}
        </Link>
      </div>
    </section>
  );
}
