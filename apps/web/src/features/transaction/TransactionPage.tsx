import { orderTransitionAllowed, type Transaction } from '@bahtdesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useOrderUpdates } from '../../lib/memberLive.ts';
import { useOnReconnect } from '../../lib/reconnect.ts';
import { getState, setState, showSnackbar, useClientState } from '../../lib/store.ts';
import { transactionPath, transactionTypeOf } from '../../lib/transactionPath.ts';
import { BuyPayment } from './BuyPayment.tsx';
import { Countdown } from './Countdown.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { OrderOutcome } from './OrderOutcome.tsx';
import { OrderStatusChip } from './OrderStatusChip.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import { type ReceiveData, SellPayment } from './SellPayment.tsx';
import { tradingBlocker } from './tradingBlocker.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';

/**
 * Create and confirm an order (/transaction). `?type=buy|sell` opens the quote; once
 * placed the address names the order (`?id=B261125KQMXR`), so a reload or a link from the history
 * brings it back with its countdown. A member who may not trade yet is sent home with the
 * identity-required or address-required dialog.
 */
export default function TransactionPage() {
  const t = useT('common');
  const navigate = useNavigate();
  const profile = useClientState((s) => s.profile);
  const blocker = profile ? tradingBlocker(profile) : null;
  const search = useLocation().search;
  const type = transactionTypeOf(search) ?? 'buy';
  const id = new URLSearchParams(search).get('id');
  const offline = useOffline();

  useEffect(() => {
    if (!blocker || id) return;
    setState(blocker === 'kyc' ? { dialogRequireKyc: true } : { dialogRequireBinanceId: true });
    navigate('/', { replace: true });
  }, [blocker, id, navigate]);

  // Opened offline (a full load) there is no profile to decide with yet: say so until back online.
  if (!profile && offline) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t('pages.transaction')}</h1>
        <OfflineState />
      </section>
    );
  }
  if (!profile || (blocker && !id)) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      {id ? (
        <OrderView id={id} />
      ) : (
        <>
          <h1 id="page-title">{t(`pages.transaction_${type}`)}</h1>
          <QuoteForm
            type={type}
            onTypeChange={(next) => navigate(transactionPath(next), { replace: true })}
            onCreated={(order) => navigate(`/transaction?id=${encodeURIComponent(order.id)}`)}
          />
        </>
      )}
    </section>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'offline' }
  | { status: 'ready'; order: Transaction };

/** One order: paying it (with the countdown), or what became of it; live while it can still change. */
function OrderView({ id }: { id: string }) {
  const t = useT('transaction');
  const [state, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [pay, setPay] = useState<ReceiveData | null>(null);
  const last = useRef<Transaction['status'] | null>(null);

  const load = useCallback(async () => {
    try {
      const order = await call('getTransaction', { body: { id }, dialog: false, background: true });
      const before = last.current;
      last.current = order.status;
      if (before === 'request' && (order.status === 'success' || order.status === 'reject')) {
        showSnackbar(
          t('outcome.decided', { id: order.id, status: t(`status.${order.status}`) }),
          order.status === 'success' ? 'success' : 'error',
        );
      }
      setLoaded({ status: 'ready', order });
    } catch (error) {
      if (!getState().online) {
        // Not "not found": it could not be asked. Back online, it is asked again.
        setLoaded((s) => (s.status === 'ready' ? s : { status: 'offline' }));
        return;
      }
      setLoaded({
        status: 'failed',
        message: error instanceof ApiError ? error.message : t('order.notFound'),
      });
    }
  }, [id, t]);

  useEffect(() => {
    void load();
  }, [load]);
  useOnReconnect(() => void load());
  // The countdown at zero, or a confirm refused as too late: the order now reads as expired.
  const reload = useCallback(() => void load(), [load]);

  const confirmed = (o: Transaction) => {
    last.current = o.status;
    setLoaded({ status: 'ready', order: o });
  };
  const order = state.status === 'ready' ? state.order : null;
  // The contract's state machine says when the member may still act: then the page is for paying.
  const payable = order ? orderTransitionAllowed('confirm', order.status) : false;
  useEffect(() => {
    if (!payable) return;
    let live = true;
    call('getReceivePayment', { body: { id }, dialog: false }).then(
      (data) => live && setPay(data as ReceiveData),
      () => live && void load(),
    );
    return () => {
      live = false;
    };
  }, [payable, id, load]);

  useOrderUpdates(order?.status === 'pending' || order?.status === 'request', () => void load());
  const leaveDialog = useLeaveGuard(payable);

  if (state.status === 'loading') return <p role="status">{t('order.loading')}</p>;
  if (state.status === 'offline') {
    return (
      <>
        <h1 id="page-title">{t('order.title', { id })}</h1>
        <OfflineState />
      </>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="form-alert" role="alert">
        {state.message}
      </p>
    );
  }
  const current = state.order;
  return (
    <>
      <h1 id="page-title">{t('order.title', { id: current.id })}</h1>
      <p>
        <OrderStatusChip status={current.status} />
      </p>
      {payable ? (
        <>
          <div className="order-sticky">
            <Countdown deadlineAt={current.deadlineAt} onExpired={reload} />
          </div>
          {!pay ? <p role="status">{t('order.loading')}</p> : null}
          {pay?.type === 'buy' ? (
            <BuyPayment order={current} pay={pay} onConfirmed={confirmed} onExpired={reload} />
          ) : null}
          {pay?.type === 'sell' ? (
            <SellPayment order={current} pay={pay} onConfirmed={confirmed} onExpired={reload} />
          ) : null}
        </>
      ) : (
        <OrderOutcome order={current} />
      )}
      <details className="order-more" open={!payable}>
        <summary>{t('order.details')}</summary>
        <OrderDetails order={current} />
      </details>
      {leaveDialog}
    </>
  );
}
