import { INCOME_PROOF_KINDS, INCOME_PROOF_STATUSES, type IncomeProofStatus } from '@bahtdesk/contract';
import { Link, useSearchParams } from 'react-router';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { waitedMinutes } from '../../lib/waitingTime.ts';

/** Proofs of income or assets: the waiting ones oldest first, with how long each has waited; live. */
export default function ProofQueuePage() {
  const t = useT('proofs');
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const status: IncomeProofStatus = (INCOME_PROOF_STATUSES as readonly string[]).includes(
    params.get('status') ?? '',
  )
    ? (params.get('status') as IncomeProofStatus)
    : 'waiting';
  const state = useApi('incomeProofQueue', { query: { status, page: 1, pageSize: 100 } });
  const now = Date.now();
  return (
    <section className="page" aria-labelledby="proofs-title">
      <h1 id="proofs-title">{t('queue.title')}</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('queue.show')}</legend>
        {INCOME_PROOF_STATUSES.map((tab) => (
          <button
            key={tab}
            type="button"
            className={tab === status ? 'button button--primary button--small' : 'button button--small'}
            aria-pressed={tab === status}
            onClick={() => setParams({ status: tab })}
          >
            {t(`status.${tab}`)}
          </button>
        ))}
      </fieldset>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t(`queue.empty.${status}`)}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t(`status.${status}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('queue.member')}</th>
                    <th scope="col">{t('queue.username')}</th>
                    <th scope="col">{t('queue.kind')}</th>
                    <th scope="col">{t('queue.pages')}</th>
                    <th scope="col">{t('queue.submitted')}</th>
                    <th scope="col">{status === 'waiting' ? t('queue.waited') : t('queue.decided')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((p) => {
                    const minutes = waitedMinutes(p.submittedAt, now);
                    return (
                      <tr key={p.id}>
                        <td>
                          <Link to={`/proofs/${p.id}`}>
                            {p.firstName} {p.lastName}
                          </Link>
                        </td>
                        <td>{p.username}</td>
                        <td>{INCOME_PROOF_KINDS[p.kind][f.lang]}</td>
                        <td>{f.number(p.images.length)}</td>
                        <td>{f.dateTime(p.submittedAt)}</td>
                        <td>
                          {status === 'waiting'
                            ? t('queue.waitedTime', {
                                hours: Math.floor(minutes / 60),
                                minutes: minutes % 60,
                              })
                            : p.decidedAt
                              ? `${f.dateTime(p.decidedAt)} · ${p.decidedBy ?? ''}`
                              : '—'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
