import { STAFF_ROLES } from '@bahtdesk/contract';
import { contractResolver, FormAlert, SelectField, UsernameField, useFormError } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { OneTimePasswordDialog } from '../../components/OneTimePasswordDialog.tsx';
import { call, queries } from '../../lib/api.ts';
import { bodySchema } from '../../lib/bodySchema.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

const schema = bodySchema('createStaff');
type Values = z.input<typeof schema>;

/**
 * Creates a staff account; its one-time password is shown once, to hand over in person. An admin
 * account on a desk of two admins waits for the second (decision 0091), who gets the password.
 */
export function CreateStaff({ onCreated }: { onCreated: () => void }) {
  const t = useT('staff');
  const tc = useT('common');
  const tp = useT('proposals');
  const error = useFormError({}, () => {});
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const form = useForm<Values>({
    resolver: contractResolver(schema),
    defaultValues: { username: '', role: 'operator' },
  });
  const submit = form.handleSubmit(async (body) => {
    error.clear();
    try {
      const result = await call('createStaff', { body, dialog: false });
      if (result.account && result.oneTimePassword) {
        setCreated({ username: result.account.username, password: result.oneTimePassword });
      } else {
        showSnackbar(tp('proposed'));
        queries.invalidate(['changeProposals']);
      }
      form.reset();
      onCreated();
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="create-staff-title">
      <h2 id="create-staff-title">{t('create.title')}</h2>
      <FormAlert message={error.alert} />
      <div className="grid-3">
        <UsernameField
          label={t('create.username')}
          autoComplete="off"
          problem={form.formState.errors.username}
          {...form.register('username')}
        />
        <SelectField label={t('create.role')} problem={form.formState.errors.role} {...form.register('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {tc(`role.${r}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
          {t('create.submit')}
        </button>
      </div>
      <OneTimePasswordDialog created={created} onClose={() => setCreated(null)} />
    </form>
  );
}
