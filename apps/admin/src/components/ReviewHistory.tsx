import type { Lang } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useFormat } from '../lib/format.ts';
import type { QueueColumn } from './ReviewQueue.tsx';
import { Empty } from './States.tsx';

/** What a member's review history shows of each item. */
export interface HistoryItem<R extends string> {
  id: number;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reasonCode: R | null;
  note: string | null;
}

/** The texts a review history reads from its namespace (identity and income proofs both have them). */
export type HistoryKey =
  | 'history.title'
  | 'history.empty'
  | 'queue.submitted'
  | 'queue.decided'
  | 'review.reason';

/**
 * A member's identity submissions or income proofs, newest first: when each came (opening its
 * review at `${path}/${id}`), the `columns` of its own, who decided when, and why.
 */
export function ReviewHistory<R extends string, I extends HistoryItem<R>>({
  t,
  path,
  items,
  reasons,
  columns,
}: {
  t: (key: HistoryKey) => string;
  path: string;
  items: readonly I[];
  reasons: Readonly<Record<R, Record<Lang, string>>>;
  columns: readonly QueueColumn<I>[];
}) {
  const f = useFormat();
  if (items.length === 0) return <Empty>{t('history.empty')}</Empty>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('history.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queue.submitted')}</th>
            {columns.map((column) => (
              <th key={column.head} scope="col">
                {column.head}
              </th>
            ))}
            <th scope="col">{t('queue.decided')}</th>
            <th scope="col">{t('review.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`${path}/${item.id}`}>{f.dateTime(item.submittedAt)}</Link>
              </td>
              {columns.map((column) => (
                <td key={column.head}>{column.cell(item)}</td>
              ))}
              <td>{item.decidedAt ? `${f.dateTime(item.decidedAt)} · ${item.decidedBy ?? ''}` : '—'}</td>
              <td>
                {item.reasonCode ? reasons[item.reasonCode][f.lang] : '—'}
                {item.note ? ` · ${item.note}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
