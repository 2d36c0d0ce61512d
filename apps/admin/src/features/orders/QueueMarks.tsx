import type { OrderQueueItem } from '@bahtdesk/contract';
import { useT } from '../../lib/i18n.ts';

/** A queue line's marks of decision 0068: the member's active flags, and a payout awaiting approval. */
export function QueueMarks({ item }: { item: OrderQueueItem }) {
  const t = useT('risk');
  return (
    <>
      {item.awaitingApproval ? (
        <>
          {' '}
          <span className="badge badge--order-request">{t('approval.awaiting')}</span>
        </>
      ) : null}
      {item.memberFlags.map((flag) => (
        <span key={flag}>
          {' '}
          <span className={`badge risk-badge--${flag}`}>{t(`flag.${flag}`)}</span>
        </span>
      ))}
    </>
  );
}
