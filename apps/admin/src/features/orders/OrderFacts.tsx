import {
  accountNameMatches,
  bankByCode,
  formatAccountNumber,
  networkById,
  networkLabel,
  ORDER_REJECT_REASONS,
  type StaffOrder,
} from '@bahtdesk/contract';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { StatusChip } from './StatusChip.tsx';

/** A term and its value, left out when there is no value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * The desk's bank account (a buy) or receiving address (a sell) the member was shown when the
 * order was placed, as the order kept it; "not recorded" for an order placed before that.
 */
function DeskDestination({ order }: { order: StaffOrder['order'] }) {
  const t = useT('orders');
  const { lang } = useFormat();
  if (order.type === 'sell') {
    return order.deskAddress ? (
      <code className="break">{order.deskAddress}</code>
    ) : (
      <span className="muted">{t('detail.notRecorded')}</span>
    );
  }
  const account = order.deskBankAccount;
  if (!account) return <span className="muted">{t('detail.notRecorded')}</span>;
  const bank = bankByCode(account.bankCode);
  return (
    <>
      {bank ? bank[lang] : account.bankCode} · <code>{formatAccountNumber(account.accountNumber)}</code> ·{' '}
      {account.accountName}
    </>
  );
}

/** Everything about the order: amounts, where the money or USDT goes, the payment and the outcome. */
export function OrderFacts({ detail }: { detail: StaffOrder }) {
  const t = useT('orders');
  const f = useFormat();
  const { order, member } = detail;
  const payment = order.payment;
  const bank = order.bankAccount ? bankByCode(order.bankAccount.bankCode) : undefined;
  const at = (iso: string | null | undefined) => (iso ? f.dateTime(iso) : null);
  return (
    <section aria-labelledby="order-facts-title">
      <h2 id="order-facts-title">{t('detail.order')}</h2>
      <dl className="facts">
        <Fact term={t('detail.type')}>{t(`type.${order.type}`)}</Fact>
        <Fact term={t('detail.status')}>
          <StatusChip status={order.status} />
        </Fact>
        <Fact term={t('detail.created')}>{f.dateTime(order.createdAt)}</Fact>
        <Fact term={t('detail.rate')}>{f.amount(order.rate)}</Fact>
        <Fact term={t('detail.amountThb')}>
          {t('detail.thbValue', { amount: f.amount(order.amountThb) })}
        </Fact>
        <Fact term={t('detail.fee')}>
          {t('detail.feeValue', { fee: f.amount(order.fee), percent: order.feePercent })}
        </Fact>
        <Fact term={t(order.type === 'buy' ? 'detail.totalBuy' : 'detail.totalSell')}>
          <strong>{t('detail.thbValue', { amount: f.amount(order.total) })}</strong>
        </Fact>
        <Fact term={t('detail.amountUsdt')}>
          <strong>{f.amount(order.amountUsdt)} USDT</strong>
        </Fact>
        <Fact term={t('detail.network')}>{networkLabel(networkById(order.network), order.network)}</Fact>
        <Fact term={t('detail.usdtAddress')}>
          {order.usdtAddress ? <code className="break">{order.usdtAddress}</code> : null}
        </Fact>
        <Fact term={t('detail.bankAccount')}>
          {order.bankAccount ? (
            <>
              {bank ? bank[f.lang] : order.bankAccount.bankCode} ·{' '}
              <code>{formatAccountNumber(order.bankAccount.accountNumber)}</code> ·{' '}
              {order.bankAccount.accountName}
              {accountNameMatches(order.bankAccount.accountName, member.firstName, member.lastName) ? null : (
                <>
                  {' '}
                  <span className="badge badge--bad">{t('detail.nameMismatch')}</span>
                </>
              )}
            </>
          ) : null}
        </Fact>
        <Fact term={t(order.type === 'buy' ? 'detail.deskAccount' : 'detail.deskAddress')}>
          <DeskDestination order={order} />
        </Fact>
        <Fact term={t('detail.payment')}>{payment ? t(`method.${payment.method}`) : null}</Fact>
        <Fact term={t('detail.depositAmount')}>
          {payment?.depositAmount ? t('detail.thbValue', { amount: f.amount(payment.depositAmount) }) : null}
        </Fact>
        <Fact term={t('detail.depositAt')}>{at(payment?.depositAt)}</Fact>
        <Fact term={t('detail.location')}>{payment?.location?.name[f.lang]}</Fact>
        <Fact term={t('detail.appointmentAt')}>{at(payment?.appointmentAt)}</Fact>
        <Fact term={t('detail.deadline')}>{f.dateTime(order.deadlineAt)}</Fact>
        <Fact term={t('detail.confirmedAt')}>{at(order.confirmedAt)}</Fact>
        <Fact term={t('detail.payoutReference')}>
          {order.payoutReference ? <code className="break">{order.payoutReference}</code> : null}
        </Fact>
        <Fact term={t('detail.slipNameChecked')}>
          {order.status === 'success' && payment?.method === 'cash_deposit'
            ? t(detail.slipNameChecked ? 'detail.yes' : 'detail.no')
            : null}
        </Fact>
        <Fact term={t('detail.reason')}>
          {order.reasonCode ? ORDER_REJECT_REASONS[order.reasonCode][f.lang] : null}
        </Fact>
        <Fact term={t('detail.note')}>{order.reason?.[f.lang]}</Fact>
        <Fact term={t('detail.decided')}>
          {detail.decidedAt
            ? t('detail.decidedValue', { when: f.dateTime(detail.decidedAt), who: detail.decidedBy ?? '—' })
            : null}
        </Fact>
      </dl>
    </section>
  );
}
