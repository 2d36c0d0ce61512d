import {
  BANKS,
  formatAccountNumber,
  NETWORKS,
  ORDER_REJECT_REASONS,
  type Transaction,
} from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { formatAmount, formatDateTime, Keep, keepWhole } from '@bahtdesk/ui/format';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { bankName, networkName } from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import { getState, useClientState } from '../../lib/store.ts';
import { OrderStatusChip } from './OrderStatusChip.tsx';

/**
 * Every field of an order (docs/product.md, Orders): id, type, date-time, currency,
 * rate, amounts, status, unit price, fee, total, reason; where the coins or baht go, the payment
 * and its proof (the member's own read path), and the payout reference once complete.
 */
export function OrderDetails({ order }: { order: Transaction }) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const rows: [string, ReactNode][] = [
    [
      t('fields.id'),
      <span key="v1" className="mono">
        {order.id}
      </span>,
    ],
    [t('fields.type'), t(`fields.${order.type}`)],
    [
      t('fields.status'),
      <OrderStatusChip key="v2" status={order.status} type={order.type} method={order.payment?.method} />,
    ],
    [t('fields.createdAt'), formatDateTime(order.createdAt, lang)],
    [t('fields.currency'), order.currency],
    [t('fields.rate'), <Keep key="a1">{formatAmount(order.rate)}</Keep>],
    [
      t('fields.unitPrice'),
      keepWhole(t('money.perUsdt', { amount: formatAmount(order.rate) }), formatAmount(order.rate)),
    ],
    [t('fields.amountUsdt'), <Keep key="a2">{formatAmount(order.amountUsdt)}</Keep>],
    [t('fields.amountThb'), <Keep key="a3">{formatAmount(order.amountThb)}</Keep>],
    [t('fields.fee'), <Keep key="a4">{formatAmount(order.fee)}</Keep>],
    [
      t('fields.total'),
      <strong key="v6" className="keep">
        {formatAmount(order.total)}
      </strong>,
    ],
    [t('fields.network'), networkName(NETWORKS, order.network)],
  ];
  if (order.usdtAddress)
    rows.push([
      t('fields.usdtAddress'),
      <span key="v3" className="mono wrap">
        {order.usdtAddress}
      </span>,
    ]);
  if (order.bankAccount) {
    rows.push([
      t('fields.bankAccount'),
      <span key="v7">
        {bankName(BANKS, order.bankAccount.bankCode, lang)}{' '}
        <span className="mono keep">{formatAccountNumber(order.bankAccount.accountNumber)}</span> ·{' '}
        {order.bankAccount.accountName}
      </span>,
    ]);
  }
  const p = order.payment;
  // Where the member paid: the desk's account or address the order kept when it was placed.
  const desk = order.deskBankAccount;
  if (desk && p?.method === 'cash_deposit') {
    rows.push([
      t('fields.deskAccount'),
      <span key="v8">
        {bankName(BANKS, desk.bankCode, lang)}{' '}
        <span className="mono keep">{formatAccountNumber(desk.accountNumber)}</span> ·{' '}
        {lang === 'th' ? desk.accountNameTh || desk.accountName : desk.accountName}
      </span>,
    ]);
  }
  if (order.deskAddress) {
    rows.push([
      t('fields.deskAddress'),
      <span key="v9" className="mono wrap">
        {order.deskAddress}
      </span>,
    ]);
  }
  if (p) {
    rows.push([t('fields.paymentMethod'), t(`pay.${p.method}`)]);
    if (p.depositAmount)
      rows.push([t('fields.depositAmount'), <Keep key="a5">{formatAmount(p.depositAmount)}</Keep>]);
    if (p.depositAt) rows.push([t('fields.depositAt'), formatDateTime(p.depositAt, lang)]);
    if (p.location && p.appointmentAt) {
      rows.push([
        t('fields.appointment'),
        `${p.location.name[lang]}, ${formatDateTime(p.appointmentAt, lang)}`,
      ]);
    }
    if (p.txHash)
      rows.push([
        t('fields.txHash'),
        <span key="v4" className="mono wrap">
          {p.txHash}
        </span>,
      ]);
  }
  if (order.confirmedAt) rows.push([t('fields.confirmedAt'), formatDateTime(order.confirmedAt, lang)]);
  if (order.payoutReference) {
    rows.push([
      t('fields.payoutReference'),
      <span key="v5" className="mono wrap">
        {order.payoutReference}
      </span>,
    ]);
  }
  if (order.reasonCode) {
    rows.push([
      t('fields.reason'),
      <Fragment key="reason">
        {ORDER_REJECT_REASONS[order.reasonCode][lang]}
        {order.reason?.[lang] ? <> — {order.reason[lang]}</> : null}
      </Fragment>,
    ]);
  }
  return (
    <>
      <dl className="order-details">
        {rows.map(([label, value]) => (
          <div key={label} className="order-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {p?.proofUrl ? <ProofImage url={p.proofUrl} alt={t('fields.proof')} /> : null}
    </>
  );
}

/** The member's own proof image, read with their token (an <img> cannot send it). */
function ProofImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    (async () => {
      const response = await fetch(`${await apiBase()}${url}`, {
        headers: { Authorization: `Bearer ${getState().token ?? ''}` },
      });
      if (!response.ok || !live) return;
      objectUrl = URL.createObjectURL(await response.blob());
      setSrc(objectUrl);
    })().catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <figure className="proof">
      <figcaption className="field__label">{alt}</figcaption>
      {src ? (
        <img src={src} alt={alt} className="proof__image" />
      ) : (
        <div className="proof__image proof__image--loading" />
      )}
    </figure>
  );
}
