import type { StaffLoginBody } from '@bahtdesk/contract';
import {
  FormAlert,
  lazyContractResolver,
  PasswordField,
  UsernameField,
  useFormError,
} from '@bahtdesk/ui/forms';
import { useForm } from 'react-hook-form';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { setState } from '../../lib/store.ts';

/**
 * The form's check, loaded on its first use: the sign-in screen renders without the resolver
 * (decision 0065), as the member app's sign-in does (decision 0038).
 */
const resolver = lazyContractResolver<StaffLoginBody>(() =>
  import('@bahtdesk/contract').then((m) => m.staffLoginBodySchema),
);

/** Username and password: a session whose second factor is still to do. */
export function PasswordStep({ onNext }: { onNext: (next: 'enrol' | 'verify') => void }) {
  const t = useT('signIn');
  const form = useForm<StaffLoginBody>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const error = useFormError({}, () => {});
  const submit = form.handleSubmit(async (values) => {
    error.clear();
    try {
      const result = await call('staffLogin', { body: values, dialog: false });
      setState({ token: result.token, profile: null });
      onNext(result.next);
    } catch (e) {
      error.show(e);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="signin-title">
      <h1 id="signin-title">{t('password.title')}</h1>
      <FormAlert message={error.alert} />
      <UsernameField
        label={t('password.username')}
        problem={errors.username}
        {...form.register('username')}
      />
      <PasswordField
        label={t('password.password')}
        autoComplete="current-password"
        problem={errors.password}
        {...form.register('password')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
