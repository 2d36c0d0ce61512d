import { Link, useSearchParams } from 'react-router';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { waitedMinutes } from '../../lib/waitingTime.ts';

const TABS = ['waiting', 'verified', 'failed'] as const;
type Tab = (typeof TABS)[number];

/** Identity submissions: the waiting ones oldest first, with how long each has waited; live. */
export default function KycQueuePage() {
  const t = useT('kyc');
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const status: Tab = (TABS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Tab)
    : 'waiting';
  const state = useApi('kycQueue', { query: { status, page: 1, pageSize: 100 } });
  const now = Date.now();
  return (
    <section className="page" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('queue.title')}</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('queue.show')}</legend>
        {TABS.map((tab) => (
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
                    <th scope="col">{t('queue.document')}</th>
                    <th scope="col">{t('queue.submitted')}</th>
                    <th scope="col">{status === 'waiting' ? t('queue.waited') : t('queue.decided')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((s) => {
                    const minutes = waitedMinutes(s.submittedAt, now);
                    return (
                      <tr key={s.id}>
                        <td>
                          <Link to={`/kyc/${s.id}`}>
                            {s.firstName} {s.lastName}
                          </Link>
                        </td>
                        <td>{s.username}</td>
                        <td>{t(`documentType.${s.documentType}`)}</td>
                        <td>{f.dateTime(s.submittedAt)}</td>
                        <td>
                          {status === 'waiting'
                            ? t('queue.waitedTime', {
                                hours: Math.floor(minutes / 60),
                                minutes: minutes % 60,
                              })
                            : s.decidedAt
                              ? `${f.dateTime(s.decidedAt)} · ${s.decidedBy ?? ''}`
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
