import type { Vars } from '@bahtdesk/ui/i18n';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { QueryState } from '../lib/api.ts';
import { useFormat } from '../lib/format.ts';
import { waitedMinutes } from '../lib/waitingTime.ts';
import { Empty, Loaded } from './States.tsx';

/** What a review queue lists of each item: whose it is, when it came and who decided. */
export interface QueueItem {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** The texts a review queue reads from its namespace (identity and income proofs both have them). */
export type QueueKey<S extends string> =
  | 'queue.title'
  | 'queue.show'
  | 'queue.member'
  | 'queue.username'
  | 'queue.submitted'
  | 'queue.waited'
  | 'queue.decided'
  | 'queue.waitedTime'
  | `queue.empty.${S}`
  | `status.${S}`;

/** A column of the queue's own between the username and the submission time. */
export interface QueueColumn<I> {
  head: string;
  cell: (item: I) => ReactNode;
}

/** The status tab shown, from `?status=`: the first of `statuses` (waiting) when missing or unknown. */
export function useStatusTab<S extends string>(statuses: readonly S[]): [S, (status: S) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = (statuses as readonly string[]).includes(asked) ? (asked as S) : (statuses[0] as S);
  return [status, (next) => setParams({ status: next })];
}

/**
 * A review queue (identity submissions, income proofs): a tab a status, then the items with that
 * status, the waiting ones with how long each has waited, the decided ones with when and by whom;
 * each opens its review at `${path}/${id}`.
 */
export function ReviewQueue<S extends string, I extends QueueItem>({
  t,
  titleId,
  path,
  statuses,
  status,
  onStatus,
  state,
  columns,
}: {
  t: (key: QueueKey<S>, vars?: Vars) => string;
  titleId: string;
  path: string;
  statuses: readonly S[];
  status: S;
  onStatus: (status: S) => void;
  state: QueryState<{ items: readonly I[] }>;
  columns: readonly QueueColumn<I>[];
}) {
  const f = useFormat();
  const now = Date.now();
  return (
    <section className="page" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('queue.title')}</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('queue.show')}</legend>
        {statuses.map((tab) => (
          <button
            key={tab}
            type="button"
            className={tab === status ? 'button button--primary button--small' : 'button button--small'}
            aria-pressed={tab === status}
            onClick={() => onStatus(tab)}
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
                    {columns.map((column) => (
                      <th key={column.head} scope="col">
                        {column.head}
                      </th>
                    ))}
                    <th scope="col">{t('queue.submitted')}</th>
                    <th scope="col">{status === 'waiting' ? t('queue.waited') : t('queue.decided')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => {
                    const minutes = waitedMinutes(item.submittedAt, now);
                    return (
                      <tr key={item.id}>
                        <td>
                          <Link to={`${path}/${item.id}`}>
                            {item.firstName} {item.lastName}
                          </Link>
                        </td>
                        <td>{item.username}</td>
                        {columns.map((column) => (
                          <td key={column.head}>{column.cell(item)}</td>
                        ))}
                        <td>{f.dateTime(item.submittedAt)}</td>
                        <td>
                          {status === 'waiting'
                            ? t('queue.waitedTime', {
                                hours: Math.floor(minutes / 60),
                                minutes: minutes % 60,
                              })
                            : item.decidedAt
                              ? `${f.dateTime(item.decidedAt)} · ${item.decidedBy ?? ''}`
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
