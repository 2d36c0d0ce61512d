import type { Lang } from '@bahtdesk/contract';
import type { Vars } from '@bahtdesk/ui/i18n';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { QueryState } from '../lib/api.ts';
import { useFormat } from '../lib/format.ts';
import { StaffImage } from './StaffImage.tsx';
import { Loaded } from './States.tsx';

/** What a review page shows of every item: whose it is, its status and its decision. */
export interface ReviewItem<R extends string> {
  id: number;
  memberId: number;
  firstName: string;
  lastName: string;
  username: string;
  status: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reasonCode: R | null;
  note: string | null;
}

/** The texts a review page reads from its namespace (identity and income proofs both have them). */
export type ReviewKey =
  | 'review.title'
  | 'review.back'
  | 'review.name'
  | 'queue.username'
  | 'review.decidedBy';

/**
 * One item of a review queue (identity submission, income proof): a link back to the queue at
 * `path`, the images, beside them the member and the item's own `facts` (then `more`), and the
 * decision while it waits (after it, back to the queue), else who decided, when and why.
 * `before` and `after` stand above and below the whole review.
 */
export function ReviewPage<R extends string, I extends ReviewItem<R>>({
  t,
  titleId,
  path,
  state,
  reasons,
  images,
  facts,
  more,
  decision,
  before,
  after,
}: {
  t: (key: ReviewKey, vars?: Vars) => string;
  titleId: string;
  path: string;
  state: QueryState<I>;
  reasons: Readonly<Record<R, Record<Lang, string>>>;
  images: (item: I) => readonly { fileId: number; caption: string }[];
  facts: (item: I) => ReactNode;
  more?: (item: I) => ReactNode;
  decision: (item: I, onDecided: () => void) => ReactNode;
  before?: (item: I) => ReactNode;
  after?: (item: I) => ReactNode;
}) {
  const f = useFormat();
  const navigate = useNavigate();
  return (
    <section className="page" aria-labelledby={titleId}>
      <p>
        <Link to={path}>{t('review.back')}</Link>
      </p>
      <h1 id={titleId}>{t('review.title')}</h1>
      <Loaded state={state}>
        {(item) => (
          <>
            {before?.(item)}
            <div className="kyc-review">
              <div className="kyc-review__images">
                {images(item).map((image) => (
                  <StaffImage key={image.caption} fileId={image.fileId} caption={image.caption} />
                ))}
              </div>
              <div className="kyc-review__side">
                <dl className="facts">
                  <dt>{t('review.name')}</dt>
                  <dd>
                    <Link to={`/members/${item.memberId}`}>
                      {item.firstName} {item.lastName}
                    </Link>
                  </dd>
                  <dt>{t('queue.username')}</dt>
                  <dd>{item.username}</dd>
                  {facts(item)}
                </dl>
                {more?.(item)}
                {item.status === 'waiting' ? (
                  decision(item, () => navigate(path))
                ) : (
                  <p>
                    {t('review.decidedBy', {
                      who: item.decidedBy ?? '—',
                      when: item.decidedAt ? f.dateTime(item.decidedAt) : '—',
                    })}
                    {item.reasonCode ? ` · ${reasons[item.reasonCode][f.lang]}` : ''}
                    {item.note ? ` · ${item.note}` : ''}
                  </p>
                )}
              </div>
            </div>
            {after?.(item)}
          </>
        )}
      </Loaded>
    </section>
  );
}
