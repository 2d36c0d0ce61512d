import { Decimal, roomFor, type TransactionType } from '@bahtdesk/contract';
import { formatAmount } from '@bahtdesk/ui/format';
import { useEffect } from 'react';
import { queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import './limits.css';

/**
 * On the quote form, before an amount is typed: what the member may still buy or sell today and
 * this month (Asia/Bangkok) under their level's limits (decision 0067). Read afresh each time the
 * form is shown, since an order placed a moment ago uses room.
 */
export function TradeLimitsNote({ type }: { type: TransactionType }) {
  const t = useT('limits');
  const limits = useApi('getTradeLimits', { dialog: false });
  useEffect(() => {
    queries.invalidate(['getTradeLimits']);
  }, []);
  if (limits.status !== 'ready') {
    return limits.status === 'loading' ? <p className="limits-note muted">{t('room.loading')}</p> : null;
  }
  const room = limits.data[type];
  const reached = new Decimal(roomFor(room)).lte(0);
  return (
    <div className={`limits-note note${reached ? ' note--warning' : ''}`} data-testid="trade-limits">
      <p>
        {t(`room.${type}`, {
          today: formatAmount(room.leftToday),
          month: formatAmount(room.leftThisMonth),
        })}
      </p>
      {reached && limits.data.level < 2 ? <p>{t('room.reached')}</p> : null}
    </div>
  );
}
