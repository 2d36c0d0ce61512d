import {
  BUY_THB_MAX,
  BUY_THB_MIN,
  type Lang,
  type NewsItem,
  SELL_USDT_MAX,
  SELL_USDT_MIN,
  type TransactionType,
} from '@bahtdesk/contract';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  keepWhole,
  formatWholeAmount as whole,
} from '@bahtdesk/ui/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { transactionPath } from '../../lib/transactionPath.ts';
import { NextStepBanner } from './NextStepBanner.tsx';
import './home.css';

/** How often the rates are fetched again while the home page is open. */
export const RATE_REFRESH_MS = 30_000;
const LATEST_NEWS = 3;

function RateCard(props: {
  title: string;
  rate: string | undefined;
  unit: string;
  range: ReactNode;
  extra?: string;
  type: TransactionType;
  action: string;
}) {
  return (
    <article className={`rate-card rate-card--${props.type}`}>
      <div className="rate-card__body">
        <h3 className="rate-card__title">{props.title}</h3>
        <p className="rate-card__value">
          <span className="rate-card__number">{props.rate ?? '–'}</span>{' '}
          <span className="rate-card__unit">{props.unit}</span>
        </p>
        <p className="rate-card__range">{props.range}</p>
        {props.extra ? <p className="rate-card__extra">{props.extra}</p> : null}
      </div>
      <Link to={transactionPath(props.type)} className="button button--primary rate-card__action">
        {props.action}
      </Link>
    </article>
  );
}

function LatestNews({ lang }: { lang: Lang }) {
  const t = useT('home');
  const offline = useOffline();
  const news = useApi('getNews', { query: { limit: LATEST_NEWS } });
  const items: readonly NewsItem[] = news.status === 'ready' ? news.data.items : [];
  return (
    <section className="home-news" aria-labelledby="news-title">
      <h2 id="news-title">{t('news.title')}</h2>
      {news.status === 'ready' && items.length === 0 ? <p>{t('news.empty')}</p> : null}
      {news.status === 'failed' && offline ? <OfflineState /> : null}
      <ul className="home-news__list" aria-busy={news.status === 'loading'}>
        {news.status === 'loading'
          ? ['a', 'b', 'c'].map((slot) => <li key={slot} className="home-news__placeholder" />)
          : null}
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/news/${item.id}`} className="home-news__link">
              {item.title[lang]}
            </Link>
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lang)}</time>
          </li>
        ))}
      </ul>
      <Link to="/news" className="button button--outline">
        {t('news.all')}
      </Link>
    </section>
  );
}

/**
 * Home: the member's next step if any, live buy and sell rates with their ranges, each with its
 * own Buy or Sell button (within the first screen of a phone), the cash-only note and the latest news.
 */
export default function HomePage() {
  const t = useT('home');
  const lang = useClientState((s) => s.language);
  const offline = useOffline();
  const rates = useApi('getRate', {}, { refreshMs: RATE_REFRESH_MS });
  const r = rates.status === 'ready' ? rates.data : undefined;
  const buyRange = r?.buyRange ?? { min: BUY_THB_MIN, max: BUY_THB_MAX };
  const sellRange = r?.sellRange ?? { min: SELL_USDT_MIN, max: SELL_USDT_MAX };

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('hero.title')}</h1>
        <p>{t('hero.text')}</p>
      </section>

      <NextStepBanner />

      <section className="rates" aria-labelledby="rates-title" aria-busy={rates.status === 'loading'}>
        <h2 id="rates-title">{t('rates.title')}</h2>
        {/* Opened offline the rates could not be asked for: that, not a wait that never ends. */}
        {rates.status === 'failed' && offline ? (
          <OfflineState />
        ) : (
          <p className="rates__updated" aria-live="polite">
            {r ? t('rates.updated', { time: formatDateTime(r.updatedAt, lang) }) : t('rates.loading')}
          </p>
        )}
        <div className="rates__cards">
          <RateCard
            title={t('rates.buy')}
            rate={r && formatAmount(r.buyRate)}
            unit={t('rates.perUsdt')}
            range={keepWhole(
              t('rates.buyRange', { min: whole(buyRange.min), max: whole(buyRange.max) }),
              whole(buyRange.min),
              whole(buyRange.max),
            )}
            type="buy"
            action={t('rates.buyAction')}
          />
          <RateCard
            title={t('rates.sell')}
            rate={r && formatAmount(r.sellRate)}
            unit={t('rates.perUsdt')}
            range={keepWhole(
              t('rates.sellRange', { min: whole(sellRange.min), max: whole(sellRange.max) }),
              whole(sellRange.min),
              whole(sellRange.max),
            )}
            extra={t('rates.fee', { fee: r?.sellFeePercent ?? '–' })}
            type="sell"
            action={t('rates.sellAction')}
          />
        </div>
        <p className="note">{t('rates.cashOnly')}</p>
      </section>

      <LatestNews lang={lang} />
    </div>
  );
}
