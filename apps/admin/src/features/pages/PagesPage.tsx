import { type AdminHtmlPage, type HtmlPageInput, htmlPageInputSchema } from '@bahtdesk/contract';
import { contractResolver, FormAlert, TextField, useFormError } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BilingualEditor } from '../../components/BilingualEditor.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/** Edits a page in both languages (or creates one at a new link); getHtmlPage serves it to members. */
function PageEditor({ page, onDone }: { page: AdminHtmlPage | null; onDone: () => void }) {
  const t = useT('content');
  const error = useFormError({}, () => {});
  const form = useForm<HtmlPageInput, unknown, HtmlPageInput>({
    resolver: contractResolver(htmlPageInputSchema),
    defaultValues: {
      link: page?.link ?? '',
      titleEn: page?.titleEn ?? '',
      titleTh: page?.titleTh ?? '',
      bodyEn: page?.bodyEn ?? '',
      bodyTh: page?.bodyTh ?? '',
    },
  });
  const submit = form.handleSubmit(async (body) => {
    error.clear();
    try {
      await call('savePage', { body, dialog: false });
      showSnackbar(t('pages.saved'));
      onDone();
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="page-editor-title">
      <h2 id="page-editor-title">{page ? t('pages.editTitle', { link: page.link }) : t('pages.newTitle')}</h2>
      <FormAlert message={error.alert} />
      {page ? null : (
        <TextField
          label={t('pages.link')}
          hint={t('pages.linkHint')}
          autoCapitalize="none"
          spellCheck={false}
          problem={form.formState.errors.link}
          {...form.register('link')}
        />
      )}
      <BilingualEditor form={form} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('news.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
          {t('pages.save')}
        </button>
      </div>
    </form>
  );
}

/** The staff-written HTML pages (manual, calculator, and any other link). */
export default function PagesPage() {
  const t = useT('content');
  const f = useFormat();
  const canWrite = useCan('savePage');
  const [editing, setEditing] = useState<AdminHtmlPage | 'new' | null>(null);
  const state = useApi('listPages');
  return (
    <section className="page" aria-labelledby="pages-title">
      <div className="page__head">
        <h1 id="pages-title">{t('pages.title')}</h1>
        {canWrite && !editing ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('pages.new')}
          </button>
        ) : null}
      </div>
      {editing ? (
        <PageEditor
          key={editing === 'new' ? 'new' : editing.link}
          page={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            state.reload();
          }}
        />
      ) : null}
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('pages.empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('pages.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('pages.link')}</th>
                    <th scope="col">{t('news.colTitle')}</th>
                    <th scope="col">{t('news.colUpdated')}</th>
                    {canWrite ? <th scope="col">{t('news.colActions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((p) => (
                    <tr key={p.link}>
                      <td>
                        <code>{p.link}</code>
                      </td>
                      <td>{f.lang === 'th' ? p.titleTh : p.titleEn}</td>
                      <td>{f.dateTime(p.updatedAt)}</td>
                      {canWrite ? (
                        <td className="row-actions">
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => setEditing(p)}
                          >
                            {t('news.edit')}
                            <span className="visually-hidden">: {p.link}</span>
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
