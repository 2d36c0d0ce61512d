import { KYC_REJECT_REASONS, type KycSubmissionSummary } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useFormat } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { Empty } from './States.tsx';

/**
 * Every identity submission of a member and its decision, newest first, each opening its review.
 * Shared: the member's page and the order screen show the same list.
 */
export function KycHistory({ history }: { history: readonly KycSubmissionSummary[] }) {
  const t = useT('kyc');
  const f = useFormat();
  if (history.length === 0) return <Empty>{t('history.empty')}</Empty>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('history.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queue.submitted')}</th>
            <th scope="col">{t('review.status')}</th>
            <th scope="col">{t('queue.decided')}</th>
            <th scope="col">{t('review.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => (
            <tr key={h.id}>
              <td>
                <Link to={`/kyc/${h.id}`}>{f.dateTime(h.submittedAt)}</Link>
              </td>
              <td>
                <span className={`badge badge--kyc-${h.status}`}>{t(`status.${h.status}`)}</span>
              </td>
              <td>{h.decidedAt ? `${f.dateTime(h.decidedAt)} · ${h.decidedBy ?? ''}` : '—'}</td>
              <td>
                {h.reasonCode ? KYC_REJECT_REASONS[h.reasonCode][f.lang] : '—'}
                {h.note ? ` · ${h.note}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
