import type { NewsItem } from '@bahtdesk/contract';
import { formatDate } from '@bahtdesk/ui/format';
import { Link } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import './news.css';

/** The news list, newest first; each item opens its article. */
export default function NewsListPage() {
  const t = useT('news');
  const lang = useClientState((s) => s.language);
  const offline = useOffline();
  const news = useApi('getNews', { query: { limit: 50 } });
  const items: readonly NewsItem[] = news.status === 'ready' ? news.data.items : [];
  return (
    <section className="page" aria-labelledby="news-page-title">
      <h1 id="news-page-title">{t('title')}</h1>
      {news.status === 'ready' && items.length === 0 ? <p>{t('empty')}</p> : null}
      {news.status === 'failed' ? offline ? <OfflineState /> : <p>{t('failed')}</p> : null}
      <ul className="news-list" aria-busy={news.status === 'loading'}>
        {items.map((item) => (
          <li key={item.id} className="news-list__item">
            <h2 className="news-list__title">
              <Link to={`/news/${item.id}`}>{item.title[lang]}</Link>
            </h2>
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lang)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
