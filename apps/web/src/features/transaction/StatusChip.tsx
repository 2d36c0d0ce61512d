import type { TransactionStatus } from '@bahtdesk/contract';
import { useT } from '../../lib/i18n.ts';
import './transaction.css';

/** An order's status as a coloured chip with its name in the page's language. */
export function StatusChip({ status }: { status: TransactionStatus }) {
  const t = useT('transaction');
  return <span className={`status-chip status-chip--${status}`}>{t(`status.${status}`)}</span>;
}
