import type { PaymentMethod, TransactionStatus, TransactionType } from '@bahtdesk/contract';
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

export interface StatusOf {
  status: TransactionStatus;
  /** With the type, a pending order says what it waits for (cash or USDT). */
  type?: TransactionType;
  /** With the method, an order sent on says what happens to it (a deposit checked, an appointment booked). */
  method?: PaymentMethod | null;
}

/** An order's status as a coloured chip, in the words of its type and method where known. */
export function OrderStatusChip({ status, type, method }: StatusOf) {
  const t = useT('transaction');
  const booked = status === 'request' && method === 'cash_appointment';
  const words =
    status === 'pending' && type
      ? t(`statusFor.pending_${type}` as const)
      : status === 'request' && method
        ? t(`statusFor.request_${method}` as const)
        : t(`status.${status}` as const);
  return <StatusChip tone={booked ? 'success' : TONE[status]}>{words}</StatusChip>;
}
