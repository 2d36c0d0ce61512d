import { TextField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { SafeHtml } from './SafeHtml.tsx';
import { TextAreaField } from './TextAreaField.tsx';

export interface BilingualText {
  titleEn: string;
  titleTh: string;
  bodyEn: string;
  bodyTh: string;
}

/**
 * Title and HTML body in English and Thai side by side, and a preview of both bodies exactly as
 * members will see them: the server's sanitiser applied (previewHtml), nothing saved.
 */
export function BilingualEditor<V extends BilingualText>({ form }: { form: UseFormReturn<V, unknown, V> }) {
  const t = useT('content');
  const f = form as unknown as UseFormReturn<BilingualText, unknown, BilingualText>;
  const errors = f.formState.errors as FieldErrors<BilingualText>;
  const [preview, setPreview] = useState<{ en: string; th: string } | null>(null);
  const showPreview = async () => {
    const { bodyEn, bodyTh } = f.getValues();
    const [en, th] = await Promise.all([
      call('previewHtml', { body: { html: bodyEn } }),
      call('previewHtml', { body: { html: bodyTh } }),
    ]);
    setPreview({ en: en.html, th: th.html });
  };
  return (
    <>
      <div className="bilingual">
        <fieldset className="fieldset">
          <legend>{t('editor.english')}</legend>
          <TextField
            label={t('editor.titleEn')}
            lang="en"
            problem={errors.titleEn}
            {...f.register('titleEn')}
          />
          <TextAreaField
            label={t('editor.bodyEn')}
            rows={12}
            lang="en"
            problem={errors.bodyEn}
            {...f.register('bodyEn')}
          />
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('editor.thai')}</legend>
          <TextField
            label={t('editor.titleTh')}
            lang="th"
            problem={errors.titleTh}
            {...f.register('titleTh')}
          />
          <TextAreaField
            label={t('editor.bodyTh')}
            rows={12}
            lang="th"
            problem={errors.bodyTh}
            {...f.register('bodyTh')}
          />
        </fieldset>
      </div>
      <p className="muted">{t('editor.htmlHint')}</p>
      <button type="button" className="button" onClick={() => void showPreview().catch(() => undefined)}>
        {t('editor.preview')}
      </button>
      {preview ? (
        <div className="bilingual" aria-live="polite">
          <section className="preview" aria-label={t('editor.previewEn')}>
            <h3>{t('editor.previewEn')}</h3>
            <SafeHtml className="prose" html={preview.en} />
          </section>
          <section className="preview" aria-label={t('editor.previewTh')}>
            <h3>{t('editor.previewTh')}</h3>
            <SafeHtml className="prose" html={preview.th} />
          </section>
        </div>
      ) : null}
    </>
  );
}
