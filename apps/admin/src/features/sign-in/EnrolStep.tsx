import { type StaffProfile, totpCodeSchema } from '@bahtdesk/contract';
import { contractResolver, FormAlert, useFormError } from '@bahtdesk/ui/forms';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Qr } from '../../components/Qr.tsx';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeField } from './CodeField.tsx';

const codeSchema = z.object({ code: totpCodeSchema });
type CodeForm = z.input<typeof codeSchema>;

/** First sign-in: a new secret as a QR code and as text, confirmed with a code from it. */
export function EnrolStep({ onEnrolled }: { onEnrolled: (codes: string[], profile: StaffProfile) => void }) {
  const t = useT('signIn');
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const started = useRef(false);
  const error = useFormError({}, () => {});
  const form = useForm<CodeForm>({ resolver: contractResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call('startEnrolment', { body: {}, dialog: false }).then(setEnrolment, error.show);
  }, [error.show]);

  const submit = form.handleSubmit(async (values) => {
    error.clear();
    try {
      const result = await call('confirmEnrolment', { body: values, dialog: false });
      onEnrolled(result.recoveryCodes, result.profile);
    } catch (e) {
      error.show(e);
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="enrol-title">
      <h1 id="enrol-title">{t('enrol.title')}</h1>
      <p>{t('enrol.intro')}</p>
      <FormAlert message={error.alert} />
      {enrolment ? (
        <div className="enrol">
          <Qr text={enrolment.otpauthUri} label={t('enrol.qrLabel')} size={200} />
          <div>
            <p className="field__label">{t('enrol.secret')}</p>
            <code className="secret" data-testid="totp-secret">
              {enrolment.secret}
            </code>
            <p className="muted">{t('enrol.secretHint')}</p>
          </div>
        </div>
      ) : (
        <p role="status">{t('enrol.preparing')}</p>
      )}
      <CodeField label={t('enrol.code')} problem={form.formState.errors.code} {...form.register('code')} />
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!enrolment || form.formState.isSubmitting}
        >
          {t('enrol.submit')}
        </button>
      </div>
    </form>
  );
}
