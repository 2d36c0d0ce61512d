import { recoveryCodeSchema, type StaffProfile, totpCodeSchema } from '@bahtdesk/contract';
import { contractResolver, FormAlert, TextField, useFormError } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeField } from './CodeField.tsx';

const totpForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({ recoveryCode: recoveryCodeSchema });

function TotpForm({ onVerified }: { onVerified: (profile: StaffProfile) => void }) {
  const t = useT('signIn');
  const error = useFormError({}, () => {});
  const form = useForm<z.input<typeof totpForm>>({
    resolver: contractResolver(totpForm),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    error.clear();
    try {
      onVerified(await call('verifyTotp', { body, dialog: false }));
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormAlert message={error.alert} />
      <CodeField
        label={t('verify.code')}
        hint={t('verify.codeHint')}
        problem={form.formState.errors.code}
        {...form.register('code')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
          {t('verify.submit')}
        </button>
      </div>
    </form>
  );
}

function RecoveryForm({ onVerified }: { onVerified: (profile: StaffProfile) => void }) {
  const t = useT('signIn');
  const error = useFormError({}, () => {});
  const form = useForm<z.input<typeof recoveryForm>>({
    resolver: contractResolver(recoveryForm),
    defaultValues: { recoveryCode: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    error.clear();
    try {
      onVerified(await call('useRecoveryCode', { body, dialog: false }));
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormAlert message={error.alert} />
      <TextField
        label={t('verify.recoveryCode')}
        autoComplete="off"
        spellCheck={false}
        problem={form.formState.errors.recoveryCode}
        {...form.register('recoveryCode')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
          {t('verify.submit')}
        </button>
      </div>
    </form>
  );
}

/** The second step of a usual sign-in: a code from the authenticator, or one of the recovery codes. */
export function VerifyStep({ onVerified }: { onVerified: (profile: StaffProfile) => void }) {
  const t = useT('signIn');
  const [recovery, setRecovery] = useState(false);
  return (
    <section aria-labelledby="verify-title">
      <h1 id="verify-title">{recovery ? t('verify.recoveryTitle') : t('verify.title')}</h1>
      {recovery ? <RecoveryForm onVerified={onVerified} /> : <TotpForm onVerified={onVerified} />}
      <p>
        <button type="button" className="link-button" onClick={() => setRecovery((r) => !r)}>
          {recovery ? t('verify.useTotp') : t('verify.useRecovery')}
        </button>
      </p>
    </section>
  );
}
