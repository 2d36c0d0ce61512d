import { useState } from 'react';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { type Key, useT } from '../../lib/i18n.ts';

const PAGE_SIZE = 20;

/**
 * The name of a message's kind in the console's language ('orderCompleted', 'desk.orderWaiting');
 * a kind the catalogue does not name yet shows as it is stored.
 */
function useKindName(): (kind: string) => string {
  const t = useT('members');
  return (kind) => {
    const key = `outbox.kinds.${kind}`;
    const name = t(key as Key<'members'>);
    return name === key ? kind : name;
  };
}

/**
 * The notification queue (decision 0077): every message to members and the desk and its delivery,
 * newest first. A message holding a secret comes without its text (decision 0095) and says so.
 */
export default function OutboxPage() {
  const t = useT('members');
  const kindName = useKindName();
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
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a keyboard must be able to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable) */}
              <section className="table-wrap" aria-label={t('outbox.list')} tabIndex={0}>
                <table className="table">
                  <caption className="visually-hidden">{t('outbox.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('outbox.when')}</th>
                      <th scope="col">{t('outbox.state')}</th>
                      <th scope="col">{t('outbox.channel')}</th>
                      <th scope="col">{t('outbox.recipient')}</th>
                      <th scope="col">{t('outbox.message')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((m) => (
                      <tr key={m.id}>
                        <td className="nowrap">{f.dateTime(m.createdAt)}</td>
                        <td className="words">
                          <span className={`badge badge--outbox-${m.state}`}>
                            {t(`outbox.states.${m.state}`)}
                          </span>
                          <dl className="outbox__facts">
                            <dt>{t('outbox.attempts')}</dt>
                            <dd>{m.attempts}</dd>
                            {m.nextAttemptAt ? (
                              <>
                                <dt>{t('outbox.nextAttempt')}</dt>
                                <dd>{f.dateTime(m.nextAttemptAt)}</dd>
                              </>
                            ) : null}
                            {m.lastError ? (
                              <>
                                <dt>{t('outbox.lastError')}</dt>
                                <dd>{m.lastError}</dd>
                              </>
                            ) : null}
                          </dl>
                        </td>
                        <td>{t(`outbox.${m.channel}`)}</td>
                        <td className="outbox__recipient">{m.recipient}</td>
                        <td className="outbox__message">
                          <p className="muted">
                            {t('outbox.kind')}: <span title={m.kind}>{kindName(m.kind)}</span> ·{' '}
                            {t('outbox.lang')}: {t(`outbox.langs.${m.lang}`)}
                          </p>
                          {m.body === null ? (
                            <p className="muted">{t('outbox.withheld')}</p>
                          ) : (
                            <>
                              {m.subject ? <strong>{m.subject}</strong> : null}
                              <pre className="message">{m.body}</pre>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
