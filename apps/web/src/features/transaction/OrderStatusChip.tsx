import type { TransactionStatus } from '@bahtdesk/contract';
import { StatusChip, type StatusTone } from '../../components/StatusChip.tsx';
import { useT } from '../../lib/i18n.ts';
import './transaction.css';

const TONE: Record<TransactionStatus, StatusTone> = {
  pending: 'warning',
  request: 'info',
  success: 'success',
  reject: 'danger',
  expired: 'neutral',
};

/** An order's status as a coloured chip with its name in the page's language. */
export function OrderStatusChip({ status }: { status: TransactionStatus }) {
  const t = useT('transaction');
  return <StatusChip tone={TONE[status]}>{t(`status.${status}`)}</StatusChip>;
}
