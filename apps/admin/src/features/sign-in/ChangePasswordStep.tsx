import { codeMessage, E, STAFF_PASSWORD_MIN, type StaffProfile } from '@bahtdesk/contract';
import { contractResolver, FormAlert, PasswordField, useFormError } from '@bahtdesk/ui/forms';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call } from '../../lib/api.ts';
import { bodySchema } from '../../lib/bodySchema.ts';
import { useT } from '../../lib/i18n.ts';

/** The contract's body, and the new password typed twice the same. */
const formSchema = bodySchema('changeStaffPassword')
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: codeMessage(E.PASSWORD_MISMATCH),
  });
type FormValues = z.input<typeof formSchema>;

/** An account with the one-time password an admin gave it sets its own before the console opens. */
export function ChangePasswordStep({ onChanged }: { onChanged: (profile: StaffProfile) => void }) {
  const t = useT('signIn');
  const error = useFormError({}, () => {});
  const form = useForm<FormValues>({
    resolver: contractResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    error.clear();
    try {
      onChanged(await call('changeStaffPassword', { body: { currentPassword, newPassword }, dialog: false }));
    } catch (e) {
      error.show(e);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="pw-title">
      <h1 id="pw-title">{t('changePassword.title')}</h1>
      <p>{t('changePassword.intro', { min: STAFF_PASSWORD_MIN })}</p>
      <FormAlert message={error.alert} />
      <PasswordField
        label={t('changePassword.current')}
        autoComplete="current-password"
        problem={errors.currentPassword}
        {...form.register('currentPassword')}
      />
      <PasswordField
        label={t('changePassword.new')}
        autoComplete="new-password"
        problem={errors.newPassword}
        {...form.register('newPassword')}
      />
      <PasswordField
        label={t('changePassword.confirm')}
        autoComplete="new-password"
        problem={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('changePassword.submit')}
        </button>
      </div>
    </form>
  );
}
