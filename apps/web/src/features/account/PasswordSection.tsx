import { type ChangePasswordProfileBody, changePasswordProfileBodySchema, E } from '@bahtdesk/contract';
import { contractResolver, FormAlert, PasswordField, useFormError } from '@bahtdesk/ui/forms';
import { useForm } from 'react-hook-form';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

type Values = Required<ChangePasswordProfileBody>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };
const FIELD_OF_CODE: Record<number, keyof Values> = {
  [E.CURRENT_PASSWORD_INCORRECT.code]: 'currentPassword',
};

/** Change the password with the current one (a wrong one shows its message on that field). */
export function PasswordSection() {
  const t = useT('account');
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

  const problem = useFormError(FIELD_OF_CODE, (field, code) =>
    setError(field, { message: String(code) }, { shouldFocus: true }),
  );

  const onSubmit = async (values: Values) => {
    problem.clear();
    try {
      await call('changePasswordProfile', { body: values, dialog: false });
      reset(EMPTY);
      showSnackbar(t('password.changed'), 'success');
    } catch (error) {
      problem.show(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('password.title')}>
      <FormAlert message={problem.alert} />
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
