import { type ChangePasswordProfileBody, changePasswordProfileBodySchema, E } from '@bahtdesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../components/contractForm.ts';
import { FormAlert, PasswordField } from '../../components/Field.tsx';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { errorCode, formErrorText, handledGlobally } from '../../lib/serverErrors.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';

type Values = Required<ChangePasswordProfileBody>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };

/** Change the password with the current one (a wrong one shows its message on that field). */
export function PasswordSection() {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: contractResolver<Values>(changePasswordProfileBodySchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: Values) => {
    setAlert(null);
    try {
      await call('changePasswordProfile', { body: values, dialog: false });
      reset(EMPTY);
      showSnackbar(t('password.changed'), 'success');
    } catch (error) {
      if (handledGlobally(error)) return;
      if (errorCode(error) === E.CURRENT_PASSWORD_INCORRECT.code) {
        setError('currentPassword', { message: String(errorCode(error)) }, { shouldFocus: true });
      } else {
        setAlert(formErrorText(error, lang));
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('password.title')}>
      <FormAlert message={alert} />
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        problem={errors.currentPassword}
        {...register('currentPassword')}
      />
      <PasswordField
        label={t('password.new')}
        hint={t('password.hint')}
        autoComplete="new-password"
        problem={errors.password}
        {...register('password')}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        problem={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
