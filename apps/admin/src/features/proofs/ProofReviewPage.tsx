import { E, INCOME_PROOF_KINDS, INCOME_PROOF_REFUSE_REASONS } from '@bahtdesk/contract';
import { useParams } from 'react-router';
import { ReviewDecision } from '../../components/ReviewDecision.tsx';
import { ReviewPage } from '../../components/ReviewPage.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { MemberLevelPanel } from '../members/MemberLevelPanel.tsx';

/**
 * One proof of income or assets: its pages, the member beside them, and the decision: accept
 * (level 2) or refuse with a reason. The member's level (and the form to set it by hand) comes
 * after the review, so the pages come first.
 */
export default function ProofReviewPage() {
  const t = useT('proofs');
  const f = useFormat();
  const id = Number(useParams().id);
  const state = useApi('incomeProof', { params: { id } });
  return (
    <ReviewPage
      t={t}
      titleId="proof-review-title"
      path="/proofs"
      state={state}
      reasons={INCOME_PROOF_REFUSE_REASONS}
      images={(p) => p.images.map((fileId, i) => ({ fileId, caption: t('review.page', { n: i + 1 }) }))}
      facts={(p) => (
        <>
          <dt>{t('queue.kind')}</dt>
          <dd>{INCOME_PROOF_KINDS[p.kind][f.lang]}</dd>
          <dt>{t('queue.submitted')}</dt>
          <dd>{f.dateTime(p.submittedAt)}</dd>
          <dt>{t('review.status')}</dt>
          <dd>{t(`status.${p.status}`)}</dd>
        </>
      )}
      decision={(p, onDecided) => {
        const name = `${p.firstName} ${p.lastName}`;
        return (
          <ReviewDecision
            key={p.id}
            t={t}
            reasonId="proof-reason"
            reasons={INCOME_PROOF_REFUSE_REASONS}
            noteRequired={E.INCOME_PROOF_REASON_REQUIRED}
            decided={E.INCOME_PROOF_DECIDED}
            accept={{
              label: t('review.accept'),
              title: t('review.acceptTitle'),
              text: t('review.acceptText', { name }),
              done: t('review.acceptedDone'),
            }}
            refuse={{
              legend: t('review.refuseLegend'),
              label: t('review.refuse'),
              title: t('review.refuseTitle'),
              text: t('review.refuseText', { name }),
              done: t('review.refusedDone'),
            }}
            send={(d) =>
              call('decideIncomeProof', {
                params: { id: p.id },
                body: d.accept
                  ? { decision: 'accepted' }
                  : { decision: 'refused', reasonCode: d.reasonCode, note: d.note },
                dialog: false,
              })
            }
            onDecided={onDecided}
          />
        );
      }}
      after={(p) => <MemberLevelPanel memberId={p.memberId} />}
    />
  );
}
