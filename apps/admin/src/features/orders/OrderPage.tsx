import { Link, useParams } from 'react-router';
import { AuditTable } from '../../components/AuditTable.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { MemberRiskPanel } from '../risk/MemberRiskPanel.tsx';
import { Duplicates } from './Duplicates.tsx';
import { MemberContext } from './MemberContext.tsx';
import { OrderDecision } from './OrderDecision.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import { OrderProof } from './OrderProof.tsx';
import { PayoutApproval } from './PayoutApproval.tsx';

/**
 * One order: duplicate slips first, the proof beside the member, the order, the decisions, the
 * history, then the member's identity reviews and other orders; live.
 */
export default function OrderPage() {
  const t = useT('orders');
  const id = useParams().id ?? '';
  const state = useApi('staffOrder', { params: { id } });
  return (
    <section className="page" aria-labelledby="order-title">
      <p>
        <Link to="/orders">{t('detail.back')}</Link>
      </p>
      <h1 id="order-title">{t('detail.title', { id })}</h1>
      <Loaded state={state}>
        {(d) => (
          <>
            <MemberRiskPanel memberId={d.member.id} />
            <Duplicates duplicates={d.duplicates} />
            <div className="order-review">
              <div>
                <OrderProof detail={d} />
                <OrderFacts detail={d} />
              </div>
              <div>
                {/* Keyed by the order: nothing typed for one order is left in the form of the next. */}
                <PayoutApproval detail={d} onChanged={state.reload}>
                  <OrderDecision key={d.order.id} detail={d} onChanged={state.reload} />
                </PayoutApproval>
              </div>
            </div>
            <h2>{t('detail.history')}</h2>
            {d.history.length === 0 ? (
              <Empty>{t('detail.noHistory')}</Empty>
            ) : (
              <AuditTable items={d.history} caption={t('detail.history')} />
            )}
            <MemberContext detail={d} />
          </>
        )}
      </Loaded>
    </section>
  );
}
