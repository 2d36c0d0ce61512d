import { INCOME_PROOF_KINDS, INCOME_PROOF_STATUSES } from '@bahtdesk/contract';
import { ReviewQueue, useStatusTab } from '../../components/ReviewQueue.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** Proofs of income or assets: the waiting ones oldest first, with how long each has waited; live. */
export default function ProofQueuePage() {
  const t = useT('proofs');
  const f = useFormat();
  const [status, setStatus] = useStatusTab(INCOME_PROOF_STATUSES);
  const state = useApi('incomeProofQueue', { query: { status, page: 1, pageSize: 100 } });
  return (
    <ReviewQueue
      t={t}
      titleId="proofs-title"
      path="/proofs"
      statuses={INCOME_PROOF_STATUSES}
      status={status}
      onStatus={setStatus}
      state={state}
      columns={[
        { head: t('queue.kind'), cell: (p) => INCOME_PROOF_KINDS[p.kind][f.lang] },
        { head: t('queue.pages'), cell: (p) => f.number(p.images.length) },
      ]}
    />
  );
}
