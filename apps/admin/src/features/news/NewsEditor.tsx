import { type AdminNewsItem, newsInputSchema } from '@bahtdesk/contract';
import { contractResolver, FormAlert, useFormError } from '@bahtdesk/ui/forms';
import { useForm } from 'react-hook-form';
import { BilingualEditor, type BilingualText } from '../../components/BilingualEditor.tsx';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

type Values = BilingualText & { published: boolean };

/** Writes a new news item (published at once or kept as a draft) or edits one. */
export function NewsEditor({ item, onDone }: { item: AdminNewsItem | null; onDone: () => void }) {
  const t = useT('content');
  const error = useFormError({}, () => {});
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(newsInputSchema.loose()),
    defaultValues: {
      titleEn: item?.titleEn ?? '',
      titleTh: item?.titleTh ?? '',
      bodyEn: item?.bodyEn ?? '',
      bodyTh: item?.bodyTh ?? '',
      published: false,
    },
  });
  const submit = form.handleSubmit(async ({ published, ...text }) => {
    error.clear();
    try {
      if (item) await call('updateNews', { params: { id: item.id }, body: text, dialog: false });
      else await call('createNews', { body: { ...text, published }, dialog: false });
      showSnackbar(t('news.saved'));
      onDone();
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="news-editor-title">
      <h2 id="news-editor-title">{item ? t('news.editTitle') : t('news.newTitle')}</h2>
      <FormAlert message={error.alert} />
      <BilingualEditor form={form} />
      {item ? null : (
        <label className="check">
          <input type="checkbox" {...form.register('published')} />
          {t('news.publishNow')}
        </label>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('news.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
          {t('news.save')}
        </button>
      </div>
    </form>
  );
}
