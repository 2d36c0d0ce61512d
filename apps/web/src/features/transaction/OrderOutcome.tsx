import { ORDER_REJECT_REASONS, type Transaction } from '@bahtdesk/contract';
import { formatAmount, formatDateTime } from '@bahtdesk/ui/format';
import { Link } from 'react-router';
import { ContactDeskButton } from '../../components/ContactDeskButton.tsx';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { transactionPath } from '../../lib/transactionPath.ts';

/**
 * What happens next once the member has paid or the order has ended, in the words of its type
 * and method: the desk is checking the deposit or the transfer, or the appointment is booked; it
 * is complete (with the payout reference); it was rejected (RejectNote); or its time ran out.
 */
export function OrderOutcome({ order }: { order: Transaction }) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const appointment = order.payment?.location && order.payment.appointmentAt ? order.payment : null;
  return (
    <div className={`outcome outcome--${order.status}`} role="status">
      {order.status === 'request' ? (
        appointment?.location && appointment.appointmentAt ? (
          <p className="outcome__headline">
            {t('outcome.booked', {
              location: appointment.location.name[lang],
              time: formatDateTime(appointment.appointmentAt, lang),
              thb: formatAmount(order.total),
            })}
          </p>
        ) : (
          <p>{order.type === 'sell' ? t('outcome.requestSell') : t('outcome.request')}</p>
        )
      ) : null}
      {order.status === 'success' ? (
        <>
          <p className="outcome__headline">{t('outcome.success')}</p>
          {order.payoutReference ? (
            <p>
              {order.type === 'buy' ? t('outcome.payoutBuy') : t('outcome.payoutSell')}:{' '}
              <span className="mono wrap">{order.payoutReference}</span>
            </p>
          ) : null}
        </>
      ) : null}
      {order.status === 'reject' ? <RejectNote order={order} /> : null}
      {order.status === 'expired' ? <p className="outcome__headline">{t('outcome.expired')}</p> : null}
      <p className="outcome__links">
        <Link className="button button--primary" to={transactionPath(order.type)}>
          {t('order.newOrder')}
        </Link>
        <Link className="button" to="/transaction-history">
          {t('order.history')}
        </Link>
      </p>
    </div>
  );
}

/**
 * A rejected order: the staff's reason in the member's language, what happens to the cash or the
 * USDT already sent, and the desk's contact (the order page and the history detail both show it).
 */
export function RejectNote({ order }: { order: Transaction }) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  return (
    <div className="reject-note">
      <p className="outcome__headline">{t('outcome.reject')}</p>
      {order.reasonCode ? (
        <p>
          <strong>{t('outcome.reason')}: </strong>
          {ORDER_REJECT_REASONS[order.reasonCode][lang]}
          {order.reason?.[lang] ? <> {order.reason[lang]}</> : null}
        </p>
      ) : null}
      <p>{order.type === 'sell' ? t('outcome.rejectSell') : t('outcome.rejectBuy')}</p>
      <ContactDeskButton label={t('outcome.contactButton')} />
    </div>
  );
}
