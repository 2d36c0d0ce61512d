import type { TransactionStatus } from '@bahtdesk/contract';
import { useT } from '../../lib/i18n.ts';

/** An order's status as a coloured chip. */
export function StatusChip({ status }: { status: TransactionStatus }) {
  const t = useT('orders');
  return <span className={`badge badge--order-${status}`}>{t(`status.${status}`)}</span>;
}
