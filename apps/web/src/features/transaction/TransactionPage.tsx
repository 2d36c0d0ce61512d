import { orderTransitionAllowed, type Transaction } from '@bahtdesk/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { ApiError, queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useOrderUpdates } from '../../lib/memberLive.ts';
import { setState, showSnackbar, useClientState } from '../../lib/store.ts';
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
        <OrderView key={id} id={id} />
      ) : (
        <>
          <h1 id="page-title">{t(`pages.transaction_${type}`)}</h1>
          {/* Keyed by the type: buy and sell switched through the address start from an empty form. */}
          <QuoteForm
            key={type}
            type={type}
            onTypeChange={(next) => navigate(transactionPath(next), { replace: true })}
            onCreated={(order) => {
              queries.invalidate(['getOrderTerms']);
              navigate(`/transaction?id=${encodeURIComponent(order.id)}`);
            }}
          />
        </>
      )}
    </section>
  );
}

/**
 * One order: paying it (with the countdown), or what became of it; live while it can still change
 * (the member stream's order events make its read stale). Keyed by the order, so nothing of one
 * order (its payment details, the status last seen) is kept for the next.
 */
function OrderView({ id }: { id: string }) {
  const t = useT('transaction');
  const offline = useOffline();
  const state = useApi('getTransaction', { body: { id }, dialog: false });
  const order = state.status === 'ready' ? state.data : null;
  // The contract's state machine says when the member may still act: then the page is for paying.
  const payable = order ? orderTransitionAllowed('confirm', order.status) : false;
  const pay = useApi('getReceivePayment', { body: { id }, dialog: false }, { skip: !payable });
  // The countdown at zero, or a confirm refused as too late: the order now reads as expired.
  const reload = state.reload;

  // A staff decision on an order the member sent for checking: the snackbar says what was decided,
  // in a sentence of its own (not the status chip's word, which is capitalised as a label).
  const last = useRef<Transaction['status'] | null>(null);
  useEffect(() => {
    if (!order) return;
    const before = last.current;
    last.current = order.status;
    if (before === 'request' && (order.status === 'success' || order.status === 'reject')) {
      showSnackbar(
        t(order.status === 'success' ? 'outcome.decidedSuccess' : 'outcome.decidedReject', { id: order.id }),
        order.status === 'success' ? 'success' : 'error',
      );
    }
  }, [order, t]);

  // No payment details for an order that can be paid: it has most likely just expired.
  const payFailed = payable && pay.status === 'failed';
  useEffect(() => {
    if (payFailed) reload();
  }, [payFailed, reload]);

  // Confirming answers the order sent for checking: it is shown until the next read.
  const confirmed = (o: Transaction) => {
    queries.setData('getTransaction', { body: { id } }, o);
    queries.invalidate(['getOrderTerms']);
  };

  useOrderUpdates(order?.status === 'pending' || order?.status === 'request');
  const leaveDialog = useLeaveGuard(payable);

  if (state.status === 'loading') return <p role="status">{t('order.loading')}</p>;
  if (state.status === 'failed') {
    // Offline it could not be asked (not "not found"): back online, it is asked again.
    return offline ? (
      <>
        <h1 id="page-title">{t('order.title', { id })}</h1>
        <OfflineState />
      </>
    ) : (
      <p className="form-alert" role="alert">
        {state.error instanceof ApiError ? state.error.message : t('order.notFound')}
      </p>
    );
  }
  const current = state.data;
  const receive = pay.status === 'ready' ? (pay.data as ReceiveData) : null;
  return (
    <>
      <h1 id="page-title">{t('order.title', { id: current.id })}</h1>
      <p>
        <OrderStatusChip status={current.status} type={current.type} method={current.payment?.method} />
      </p>
      {payable ? (
        <>
          <div className="order-sticky">
            <Countdown
              deadlineAt={current.deadlineAt}
              onExpired={reload}
              label={current.type === 'sell' ? t('order.timeLeftSell') : undefined}
            />
          </div>
          {!receive ? <p role="status">{t('order.loading')}</p> : null}
          {receive?.type === 'buy' ? (
            <BuyPayment order={current} pay={receive} onConfirmed={confirmed} onExpired={reload} />
          ) : null}
          {receive?.type === 'sell' ? (
            <SellPayment order={current} pay={receive} onConfirmed={confirmed} onExpired={reload} />
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
