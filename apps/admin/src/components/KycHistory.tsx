import { KYC_REJECT_REASONS, type KycSubmissionSummary } from '@bahtdesk/contract';
import { useT } from '../lib/i18n.ts';
import { ReviewHistory } from './ReviewHistory.tsx';

/**
 * Every identity submission of a member and its decision, newest first, each opening its review.
 * Shared: the member's page and the order screen show the same list.
 */
export function KycHistory({ history }: { history: readonly KycSubmissionSummary[] }) {
  const t = useT('kyc');
  return (
    <ReviewHistory
      t={t}
      path="/kyc"
      items={history}
      reasons={KYC_REJECT_REASONS}
      columns={[
        {
          head: t('review.status'),
          cell: (h) => <span className={`badge badge--kyc-${h.status}`}>{t(`status.${h.status}`)}</span>,
        },
      ]}
    />
  );
}
