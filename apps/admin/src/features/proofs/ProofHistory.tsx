import { INCOME_PROOF_KINDS, INCOME_PROOF_REFUSE_REASONS } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { Empty, Loaded } from '../../components/States.tsx';
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
        {(proofs) =>
          proofs.length === 0 ? (
            <Empty>{t('history.empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('history.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('queue.submitted')}</th>
                    <th scope="col">{t('queue.kind')}</th>
                    <th scope="col">{t('review.status')}</th>
                    <th scope="col">{t('queue.decided')}</th>
                    <th scope="col">{t('review.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {proofs.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <Link to={`/proofs/${p.id}`}>{f.dateTime(p.submittedAt)}</Link>
                      </td>
                      <td>{INCOME_PROOF_KINDS[p.kind][f.lang]}</td>
                      <td>{t(`status.${p.status}`)}</td>
                      <td>{p.decidedAt ? `${f.dateTime(p.decidedAt)} · ${p.decidedBy ?? ''}` : '—'}</td>
                      <td>
                        {p.reasonCode ? INCOME_PROOF_REFUSE_REASONS[p.reasonCode][f.lang] : '—'}
                        {p.note ? ` · ${p.note}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </>
  );
}
