import type { OrderQueueItem } from '@bahtdesk/contract';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { waitedMinutes } from '../../lib/waitingTime.ts';
import { FilterForm } from './FilterForm.tsx';
import { QueueMarks } from './QueueMarks.tsx';
import { type QueueFilters, readFilters, setFilters } from './queueFilters.ts';
import { StatusChip } from './StatusChip.tsx';

const PAGE_SIZE = 20;

/**
 * Awaiting staff: since when and how long; awaiting payment: until when; otherwise when confirmed.
 * A cash appointment also says when the member comes.
 */
function OrderTime({ order, now }: { order: OrderQueueItem; now: number }) {
  const t = useT('orders');
  const f = useFormat();
  if (!order.appointmentAt) return <WaitTime order={order} now={now} />;
  return (
    <>
      <strong>{t('queue.appointment', { when: f.dateTime(order.appointmentAt) })}</strong>
      <br />
      <WaitTime order={order} now={now} />
    </>
  );
}

function WaitTime({ order, now }: { order: OrderQueueItem; now: number }) {
  const t = useT('orders');
  const f = useFormat();
  if (order.status === 'pending') return <>{t('queue.payBy', { when: f.dateTime(order.deadlineAt) })}</>;
  if (!order.confirmedAt) return <>—</>;
  if (order.status !== 'request') return <>{t('queue.confirmed', { when: f.dateTime(order.confirmedAt) })}</>;
  const minutes = waitedMinutes(order.confirmedAt, now);
  return (
    <>
      {t('queue.waiting', {
        when: f.dateTime(order.confirmedAt),
        hours: Math.floor(minutes / 60),
        minutes: minutes % 60,
      })}
    </>
  );
}

function QueueTable({ items }: { items: OrderQueueItem[] }) {
  const t = useT('orders');
  const f = useFormat();
  const now = Date.now();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('queue.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queue.order')}</th>
            <th scope="col">{t('queue.type')}</th>
            <th scope="col">{t('queue.member')}</th>
            <th scope="col">{t('queue.thb')}</th>
            <th scope="col">{t('queue.usdt')}</th>
            <th scope="col">{t('queue.status')}</th>
            <th scope="col">{t('queue.time')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id}>
              <td className="id">
                <Link to={`/orders/${o.id}`}>{o.id}</Link>
                {o.duplicateSlip ? (
                  <>
                    {' '}
                    <span className="badge badge--bad">{t('queue.duplicate')}</span>
                  </>
                ) : null}
                <QueueMarks item={o} />
              </td>
              <td>{t(`type.${o.type}`)}</td>
              <td>
                <Link to={`/members/${o.memberId}`}>{o.memberName}</Link>{' '}
                <span className="muted">{o.username}</span>
              </td>
              <td className="num">{f.amount(o.total)}</td>
              <td className="num">{f.amount(o.amountUsdt)}</td>
              <td>
                <StatusChip status={o.status} />
              </td>
              <td>
                <OrderTime order={o} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The order desk's queue: by default the open orders, those awaiting staff first and oldest first; live. */
export default function OrderQueuePage() {
  const t = useT('orders');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const query = setFilters(filters);
  const state = useApi('orderQueue', { query: { ...query, page, pageSize: PAGE_SIZE } });
  const show = (next: QueueFilters, nextPage = 1) =>
    setParams({ ...setFilters(next), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  return (
    <section className="page" aria-labelledby="orders-title">
      <h1 id="orders-title">{t('queue.title')}</h1>
      <FilterForm key={params.toString()} initial={filters} onApply={show} />
      <p className="muted">{t('queue.datesHint')}</p>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{Object.keys(query).length === 0 ? t('queue.emptyOpen') : t('queue.empty')}</Empty>
          ) : (
            <>
              <QueueTable items={data.items} />
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => show(filters, p)} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
