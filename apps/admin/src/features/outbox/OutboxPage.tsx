import { useState } from 'react';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

const PAGE_SIZE = 20;

/** One-time-code messages kept while no SMTP or SMS gateway is configured, newest first. */
export default function OutboxPage() {
  const t = useT('members');
  const f = useFormat();
  const [page, setPage] = useState(1);
  const state = useApi('outbox', { query: { page, pageSize: PAGE_SIZE } });
  return (
    <section className="page" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('outbox.title')}</h1>
      <p className="muted">{t('outbox.intro')}</p>
      <button type="button" className="button button--small" onClick={state.reload}>
        {t('outbox.refresh')}
      </button>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('outbox.empty')}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{t('outbox.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('outbox.when')}</th>
                      <th scope="col">{t('outbox.channel')}</th>
                      <th scope="col">{t('outbox.recipient')}</th>
                      <th scope="col">{t('outbox.message')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((m) => (
                      <tr key={m.id}>
                        <td className="nowrap">{f.dateTime(m.createdAt)}</td>
                        <td>{t(`outbox.${m.channel}`)}</td>
                        <td>{m.recipient}</td>
                        <td>
                          {m.subject ? <strong>{m.subject}</strong> : null}
                          <pre className="message">{m.body}</pre>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
