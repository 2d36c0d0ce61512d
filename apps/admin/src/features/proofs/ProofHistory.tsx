import { INCOME_PROOF_KINDS, INCOME_PROOF_REFUSE_REASONS } from '@bahtdesk/contract';
import { ReviewHistory } from '../../components/ReviewHistory.tsx';
import { Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** On the member's page: every proof of income or assets they sent and its decision, newest first. */
export function ProofHistory({ memberId }: { memberId: number }) {
  const t = useT('proofs');
  const f = useFormat();
  const state = useApi('memberIncomeProofs', { params: { id: memberId }, dialog: false });
  return (
    <>
      <h2>{t('history.title')}</h2>
      <Loaded state={state}>
        {(proofs) => (
          <ReviewHistory
            t={t}
            path="/proofs"
            items={proofs}
            reasons={INCOME_PROOF_REFUSE_REASONS}
            columns={[
              { head: t('queue.kind'), cell: (p) => INCOME_PROOF_KINDS[p.kind][f.lang] },
              { head: t('review.status'), cell: (p) => t(`status.${p.status}`) },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
