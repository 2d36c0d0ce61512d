import {
  HISTORY_FILTERS,
  type HistoryFilter,
  orderTransitionAllowed,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@bahtdesk/contract';
import { DateField } from '@bahtdesk/ui/dates';
import { formatAmount, formatDate, formatDateTime, Keep } from '@bahtdesk/ui/format';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { ApiError, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useOrderUpdates } from '../../lib/memberLive.ts';
import { useClientState } from '../../lib/store.ts';
import { Countdown } from '../transaction/Countdown.tsx';
import { OrderDetails } from '../transaction/OrderDetails.tsx';
import { RejectNote } from '../transaction/OrderOutcome.tsx';
import { OrderStatusChip } from '../transaction/OrderStatusChip.tsx';

const PAGE_SIZE = 10;

interface Filters {
  filter: HistoryFilter;
  startDate: string;
  endDate: string;
  type: TransactionType | '';
  status: TransactionStatus | '';
  page: number;
}

/** The filters in the address (`?filter=thisWeek&type=buy&page=2`), so a reload or Back keeps them. */
function filtersOf(search: string): Filters {
  const q = new URLSearchParams(search);
  const pick = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
    list.find((v) => v === value) ?? fallback;
  return {
    filter: pick(HISTORY_FILTERS, q.get('filter'), 'thisMonth'),
    startDate: q.get('startDate') ?? '',
    endDate: q.get('endDate') ?? '',
    type: pick(['', ...TRANSACTION_TYPES], q.get('type'), ''),
    status: pick(['', ...TRANSACTION_STATUSES], q.get('status'), ''),
    page: Math.max(1, Number(q.get('page')) || 1),
  };
}

function searchOf(f: Filters): string {
  const q = new URLSearchParams({ filter: f.filter });
  if (f.filter === 'custom') {
    q.set('startDate', f.startDate);
    q.set('endDate', f.endDate);
  }
  if (f.type) q.set('type', f.type);
  if (f.status) q.set('status', f.status);
  if (f.page > 1) q.set('page', String(f.page));
  return `?${q}`;
}

/**
 * Order history (/transaction-history and /transaction-history.vue): the member's orders
 * over a Bangkok date filter, by type and status, newest first, a page at a time; live while one
 * of them can still change. `?id=` shows one order in full, with "continue" for a pending one.
 */
export default function TransactionHistoryPage() {
  const search = useLocation().search;
  const id = new URLSearchParams(search).get('id');
  return (
    <section className="page">{id ? <HistoryDetail id={id} /> : <HistoryList search={search} />}</section>
  );
}

/** What a failed read says: the server's message, or `fallback` when there is none. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

function HistoryList({ search }: { search: string }) {
  const t = useT('history');
  const tx = useT('transaction');
  const lang = useClientState((s) => s.language);
  const navigate = useNavigate();
  const shown = filtersOf(search);
  const [draft, setDraft] = useState(shown);
  // A custom range without both its dates (an address typed by hand) lists this month meanwhile.
  const applied: Filters =
    shown.filter === 'custom' && !(shown.startDate && shown.endDate)
      ? { ...shown, filter: 'thisMonth' }
      : shown;
  const formId = useId();
  const offline = useOffline();
  const state = useApi('getTransactionList', {
    body: {
      filter: applied.filter,
      ...(applied.filter === 'custom' ? { startDate: applied.startDate, endDate: applied.endDate } : {}),
      ...(applied.type ? { type: applied.type } : {}),
      ...(applied.status ? { status: applied.status } : {}),
      page: applied.page,
      pageSize: PAGE_SIZE,
    },
    dialog: false,
  });
  useEffect(() => setDraft(filtersOf(search)), [search]);

  const open =
    state.status === 'ready' &&
    state.data.items.some((o) => o.status === 'pending' || o.status === 'request');
  useOrderUpdates(open);

  /**
   * Filters apply as they change; a custom range waits until both its dates are there, in order.
   * The address is replaced, not pushed: Back leaves the history rather than stepping through filters.
   */
  function change(next: Filters) {
    setDraft(next);
    if (next.filter === 'custom' && (!next.startDate || !next.endDate || next.startDate > next.endDate))
      return;
    navigate(`/transaction-history${searchOf({ ...next, page: 1 })}`, { replace: true });
  }

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <h1 id="page-title">{t('title')}</h1>
      <form className="history-filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-filter`}>
            {t('filter')}
          </label>
          <select
            id={`${formId}-filter`}
            className="field__input"
            value={draft.filter}
            onChange={(e) => change({ ...draft, filter: e.target.value as HistoryFilter })}
          >
            {HISTORY_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
        {draft.filter === 'custom' ? (
          <>
            <DateField
              id={`${formId}-from`}
              label={t('from')}
              required
              value={draft.startDate}
              max={draft.endDate || undefined}
              onChange={(startDate) => change({ ...draft, startDate })}
            />
            <DateField
              id={`${formId}-to`}
              label={t('to')}
              required
              value={draft.endDate}
              min={draft.startDate || undefined}
              problem={
                draft.startDate && draft.endDate && draft.startDate > draft.endDate ? t('rangeOrder') : null
              }
              onChange={(endDate) => change({ ...draft, endDate })}
            />
          </>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-type`}>
            {t('type')}
          </label>
          <select
            id={`${formId}-type`}
            className="field__input"
            value={draft.type}
            onChange={(e) => change({ ...draft, type: e.target.value as Filters['type'] })}
          >
            <option value="">{t('all')}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {tx(`fields.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-status`}>
            {t('status')}
          </label>
          <select
            id={`${formId}-status`}
            className="field__input"
            value={draft.status}
            onChange={(e) => change({ ...draft, status: e.target.value as Filters['status'] })}
          >
            <option value="">{t('all')}</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {tx(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {state.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {state.status === 'failed' && offline ? <OfflineState /> : null}
      {state.status === 'failed' && !offline ? (
        <div role="alert" className="form-alert">
          <p>{failureText(state.error, t('error'))}</p>
          <button type="button" className="button" onClick={state.reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p className="muted" role="status">
            {t('range', {
              from: formatDate(`${state.data.from}T12:00:00+07:00`, lang),
              to: formatDate(`${state.data.to}T12:00:00+07:00`, lang),
            })}{' '}
            · {state.data.total === 1 ? t('countOne') : t('count', { count: state.data.total })}
          </p>
          {state.data.items.length === 0 ? <p className="history-empty">{t('empty')}</p> : null}
          <ul className="history-list">
            {state.data.items.map((o) => (
              <li key={o.id}>
                <Link className="history-item" to={`/transaction-history?id=${encodeURIComponent(o.id)}`}>
                  <span className="history-item__head">
                    <span className="mono">{o.id}</span>
                    <OrderStatusChip status={o.status} type={o.type} />
                  </span>
                  <span className="history-item__main">
                    <strong>{tx(`fields.${o.type}`)}</strong> <Keep>{formatAmount(o.amountUsdt)} USDT</Keep> ·{' '}
                    <Keep>{tx('money.thb', { amount: formatAmount(o.total) })}</Keep>
                  </span>
                  <span className="muted">{formatDateTime(o.createdAt, lang)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pager" aria-label={t('page', { page: applied.page, pages })}>
              <Link
                className="button"
                aria-disabled={applied.page <= 1}
                to={`/transaction-history${searchOf({ ...applied, page: Math.max(1, applied.page - 1) })}`}
              >
                {t('previous')}
              </Link>
              <span>{t('page', { page: applied.page, pages })}</span>
              <Link
                className="button"
                aria-disabled={applied.page >= pages}
                to={`/transaction-history${searchOf({ ...applied, page: Math.min(pages, applied.page + 1) })}`}
              >
                {t('next')}
              </Link>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function HistoryDetail({ id }: { id: string }) {
  const t = useT('history');
  const tx = useT('transaction');
  const state = useApi('getTransaction', { body: { id }, dialog: false });
  const offline = useOffline();
  const order = state.status === 'ready' ? state.data : null;
  useOrderUpdates(order?.status === 'pending' || order?.status === 'request');
  // At zero the order is read again, so it shows as expired without "continue".
  const reload = state.reload;
  return (
    <>
      <p>
        <Link to="/transaction-history">← {t('back')}</Link>
      </p>
      <h1 id="page-title">{t('detailTitle', { id })}</h1>
      {state.status === 'loading' ? <p role="status">{tx('order.loading')}</p> : null}
      {state.status === 'failed' && offline ? <OfflineState /> : null}
      {state.status === 'failed' && !offline ? (
        <p className="form-alert" role="alert">
          {failureText(state.error, t('error'))}
        </p>
      ) : null}
      {order ? (
        <>
          {orderTransitionAllowed('confirm', order.status) ? (
            <div className="order-continue">
              <Countdown
                deadlineAt={order.deadlineAt}
                onExpired={reload}
                label={order.type === 'sell' ? tx('order.timeLeftSell') : undefined}
              />
              <Link className="button button--primary" to={`/transaction?id=${encodeURIComponent(order.id)}`}>
                {tx('order.continue')}
              </Link>
            </div>
          ) : null}
          {order.status === 'reject' ? (
            <div className="outcome outcome--reject">
              <RejectNote order={order} />
            </div>
          ) : null}
          <OrderDetails order={order} />
        </>
      ) : null}
    </>
  );
}
