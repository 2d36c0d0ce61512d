import { ReviewQueue, useStatusTab } from '../../components/ReviewQueue.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';

const TABS = ['waiting', 'verified', 'failed'] as const;

/** Identity submissions: the waiting ones oldest first, with how long each has waited; live. */
export default function KycQueuePage() {
  const t = useT('kyc');
  const [status, setStatus] = useStatusTab(TABS);
  const state = useApi('kycQueue', { query: { status, page: 1, pageSize: 100 } });
  return (
    <ReviewQueue
      t={t}
      titleId="kyc-title"
      path="/kyc"
      statuses={TABS}
      status={status}
      onStatus={setStatus}
      state={state}
      columns={[{ head: t('queue.document'), cell: (s) => t(`documentType.${s.documentType}`) }]}
    />
  );
}
