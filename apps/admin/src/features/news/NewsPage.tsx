import type { AdminNewsItem } from '@bahtdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { NewsEditor } from './NewsEditor.tsx';

const PAGE_SIZE = 20;

/** News: every item, drafts too; admins write, edit, publish, unpublish and delete. */
export default function NewsPage() {
  const t = useT('content');
  const f = useFormat();
  const canWrite = useCan('createNews');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminNewsItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminNewsItem | null>(null);
  const state = useApi('listNews', { query: { page, pageSize: PAGE_SIZE } });
  const publish = async (item: AdminNewsItem, published: boolean) => {
    await call('publishNews', { params: { id: item.id }, body: { published } });
    showSnackbar(published ? t('news.published') : t('news.unpublished'));
    state.reload();
  };
  const title = (n: AdminNewsItem) => (f.lang === 'th' ? n.titleTh : n.titleEn);

  return (
    <section className="page" aria-labelledby="news-title">
      <div className="page__head">
        <h1 id="news-title">{t('news.title')}</h1>
        {canWrite && !editing ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('news.new')}
          </button>
        ) : null}
      </div>
      {editing ? (
        <NewsEditor
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            state.reload();
          }}
        />
      ) : null}
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('news.empty')}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{t('news.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('news.colTitle')}</th>
                      <th scope="col">{t('news.colStatus')}</th>
                      <th scope="col">{t('news.colUpdated')}</th>
                      {canWrite ? <th scope="col">{t('news.colActions')}</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((n) => (
                      <tr key={n.id}>
                        <td>{title(n)}</td>
                        <td>
                          {n.publishedAt ? (
                            <span className="badge badge--ok">
                              {t('news.publishedOn', { when: f.dateTime(n.publishedAt) })}
                            </span>
                          ) : (
                            <span className="badge">{t('news.draft')}</span>
                          )}
                        </td>
                        <td>{f.dateTime(n.updatedAt)}</td>
                        {canWrite ? (
                          <td className="row-actions">
                            <button
                              type="button"
                              className="button button--small"
                              onClick={() => setEditing(n)}
                            >
                              {t('news.edit')}
                              <span className="visually-hidden">: {title(n)}</span>
                            </button>
                            <button
                              type="button"
                              className="button button--small"
                              onClick={() => void publish(n, !n.publishedAt).catch(() => undefined)}
                            >
                              {n.publishedAt ? t('news.unpublish') : t('news.publish')}
                              <span className="visually-hidden">: {title(n)}</span>
                            </button>
                            <button
                              type="button"
                              className="button button--small button--danger"
                              onClick={() => setDeleting(n)}
                            >
                              {t('news.delete')}
                              <span className="visually-hidden">: {title(n)}</span>
                            </button>
                          </td>
                        ) : null}
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
      {deleting ? (
        <ConfirmDialog
          title={t('news.deleteTitle')}
          confirmLabel={t('news.delete')}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await call('deleteNews', { params: { id: deleting.id }, body: {} });
            showSnackbar(t('news.deleted'));
            state.reload();
          }}
        >
          <p>{t('news.deleteText', { title: title(deleting) })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
