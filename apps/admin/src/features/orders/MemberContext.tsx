import type { StaffOrder } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { KycHistory } from '../../components/KycHistory.tsx';
import { Empty } from '../../components/States.tsx';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { StatusChip } from './StatusChip.tsx';

/**
 * The member behind the order: their identity
 * reviews, as on their page, and their newest other orders, so staff judge this order against the
 * member's record without leaving the screen.
 */
export function MemberContext({ detail }: { detail: Pick<StaffOrder, 'kycHistory' | 'otherOrders'> }) {
  const t = useT('orders');
  const f = useFormat();
  return (
    <>
      <section aria-labelledby="member-reviews">
        <h2 id="member-reviews">{t('detail.memberReviews')}</h2>
        <KycHistory history={detail.kycHistory} />
      </section>
      <section aria-labelledby="member-orders">
        <h2 id="member-orders">{t('detail.otherOrders')}</h2>
        {detail.otherOrders.length === 0 ? (
          <Empty>{t('detail.noOtherOrders')}</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                {t('detail.otherOrders')} · {t('detail.otherOrdersHint')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('queue.order')}</th>
                  <th scope="col">{t('queue.type')}</th>
                  <th scope="col">{t('queue.status')}</th>
                  <th scope="col">{t('queue.thb')}</th>
                  <th scope="col">{t('queue.usdt')}</th>
                  <th scope="col">{t('detail.created')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.otherOrders.map((o) => (
                  <tr key={o.id}>
                    <td className="id">
                      <Link to={`/orders/${o.id}`}>{o.id}</Link>
                    </td>
                    <td>{t(`type.${o.type}`)}</td>
                    <td>
                      <StatusChip status={o.status} />
                    </td>
                    <td className="num">{f.amount(o.amountThb)}</td>
                    <td className="num">{f.amount(o.amountUsdt)}</td>
                    <td>{f.dateTime(o.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
