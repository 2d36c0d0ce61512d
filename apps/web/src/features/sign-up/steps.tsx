import { personalInfoSchema, signUpCredentialsSchema } from '@bahtdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { PasswordField, TextField } from '../../components/Field.tsx';
import type { FieldCodes } from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import type { PersonalValues } from './draft.ts';

export interface CredentialValues {
  username: string;
  password: string;
  confirmPassword: string;
}

interface StepProps<V> {
  defaultValues: V;
  problems?: FieldCodes<V>;
  onNext: (values: V) => void;
  onValues: (values: V) => void;
  actions: (getValues: () => V) => ReactNode;
  note?: ReactNode;
}

/** Shows server codes on their fields when a step opens (focus goes to the first). */
function useProblems<V extends object>(problems: FieldCodes<V> | undefined, setError: UseFormSetError<V>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the step opens with them
  useEffect(() => {
    let first = true;
    for (const [name, code] of Object.entries(problems ?? {})) {
      setError(name as never, { message: String(code) }, { shouldFocus: first });
      first = false;
    }
  }, [problems]);
}

/** Step 1: username, password and its confirmation. */
export function CredentialsStep({
  defaultValues,
  problems,
  onNext,
  onValues,
  actions,
  note,
}: StepProps<CredentialValues>) {
  const t = useT('signUp');
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<CredentialValues>({
    resolver: zodResolver(signUpCredentialsSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<CredentialValues>,
    defaultValues,
  });
  useProblems(problems, setError);
  useEffect(() => {
    const subscription = watch((v) => onValues({ username: '', password: '', confirmPassword: '', ...v }));
    return () => subscription.unsubscribe();
  }, [watch, onValues]);
  return (
    <form noValidate onSubmit={handleSubmit(onNext)}>
      <fieldset className="fieldset">
        <legend>{t('credentials.legend')}</legend>
        <p className="muted">{t('credentials.intro')}</p>
        {note}
        <TextField
          label={t('credentials.username')}
          hint={t('credentials.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          problem={errors.username}
          {...register('username')}
        />
        <PasswordField
          label={t('credentials.password')}
          hint={t('credentials.passwordHint')}
          autoComplete="new-password"
          problem={errors.password}
          {...register('password')}
        />
        <PasswordField
          label={t('credentials.confirm')}
          autoComplete="new-password"
          problem={errors.confirmPassword}
          {...register('confirmPassword')}
        />
      </fieldset>
      {actions(getValues)}
    </form>
  );
}

/** Step 2: first and last name, phone and email. */
export function PersonalStep({
  defaultValues,
  problems,
  onNext,
  onValues,
  actions,
}: StepProps<PersonalValues>) {
  const t = useT('signUp');
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<PersonalValues>({
    resolver: zodResolver(personalInfoSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<PersonalValues>,
    defaultValues,
  });
  useProblems(problems, setError);
  useEffect(() => {
    const subscription = watch((v) => onValues({ firstName: '', lastName: '', phone: '', email: '', ...v }));
    return () => subscription.unsubscribe();
  }, [watch, onValues]);
  return (
    <form noValidate onSubmit={handleSubmit(onNext)}>
      <fieldset className="fieldset">
        <legend>{t('personal.legend')}</legend>
        <p className="muted">{t('personal.intro')}</p>
        <TextField
          label={t('personal.firstName')}
          hint={t('personal.nameHint')}
          autoComplete="given-name"
          problem={errors.firstName}
          {...register('firstName')}
        />
        <TextField
          label={t('personal.lastName')}
          autoComplete="family-name"
          problem={errors.lastName}
          {...register('lastName')}
        />
        <TextField
          label={t('personal.phone')}
          hint={t('personal.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          problem={errors.phone}
          {...register('phone')}
        />
        <TextField
          label={t('personal.email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          problem={errors.email}
          {...register('email')}
        />
      </fieldset>
      {actions(getValues)}
    </form>
  );
}
