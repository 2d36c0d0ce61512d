import { formatDateTime } from '@bahtdesk/ui/format';
import { Link, useParams } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { SafeHtml } from '../../lib/SafeHtml.tsx';
import { useClientState } from '../../lib/store.ts';
import { useTabTitleName } from '../../lib/tabTitle.ts';
import './news.css';

/**
 * One news article (/news/:id), its HTML sanitised before it is shown. Opened offline, it says so
 * (it could not be asked for, so it is not "not found") and shows once back online.
 */
export default function NewsArticlePage() {
  const t = useT('news');
  const lang = useClientState((s) => s.language);
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const news = useApi('getNews', valid ? { query: { id, limit: 1 }, dialog: false } : {});
  const offline = useOffline();
  const item = news.status === 'ready' ? news.data.items.find((n) => n.id === id) : undefined;
  const unreachable = valid && news.status === 'failed' && offline;
  const missing = !valid || (news.status === 'failed' && !offline) || (news.status === 'ready' && !item);
  // The tab shows which article this is; until it loads (or when it is missing) the list's title stands.
  useTabTitleName(item?.title[lang]);
  return (
    <article className="page news-article" aria-labelledby="article-title">
      <p>
        <Link to="/news">{t('back')}</Link>
      </p>
      {item ? (
        <>
          <h1 id="article-title">{item.title[lang]}</h1>
          <p className="news-article__date">
            <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt, lang)}</time>
          </p>
          <SafeHtml className="prose" html={item.body[lang]} />
        </>
      ) : unreachable ? (
        <>
          <h1 id="article-title">{t('title')}</h1>
          <OfflineState />
        </>
      ) : missing ? (
        <>
          <h1 id="article-title">{t('missing.title')}</h1>
          <p>{t('missing.text')}</p>
        </>
      ) : (
        <h1 id="article-title" className="visually-hidden">
          {t('title')}
        </h1>
      )}
    </article>
  );
}
