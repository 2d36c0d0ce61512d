import {
  EmailField,
  lazyContractResolver,
  PasswordField,
  PhoneField,
  StepForm,
  type StepFormProps,
  TextField,
  UsernameField,
  useStepForm,
} from '@bahtdesk/ui/forms';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';
import type { PersonalValues } from './draft.ts';

export interface CredentialValues {
  username: string;
  password: string;
  confirmPassword: string;
}

const schemas = () => import('../../lib/formSchemas.ts');
const credentialsResolver = lazyContractResolver<CredentialValues>(() =>
  schemas().then((m) => m.signUpCredentialsSchema),
);
const personalResolver = lazyContractResolver<PersonalValues>(() =>
  schemas().then((m) => m.personalInfoSchema),
);

/** Step 1: username, password and its confirmation. */
export function CredentialsStep({ note, ...props }: StepFormProps<CredentialValues> & { note?: ReactNode }) {
  const t = useT('signUp');
  const form = useStepForm(credentialsResolver, props);
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <StepForm
      form={form}
      {...props}
      legend={t('credentials.legend')}
      intro={
        <>
          <p className="muted">{t('credentials.intro')}</p>
          {note}
        </>
      }
    >
      <UsernameField
        label={t('credentials.username')}
        hint={t('credentials.usernameHint')}
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
    </StepForm>
  );
}

/** Step 2: first and last name, phone and email. */
export function PersonalStep(props: StepFormProps<PersonalValues>) {
  const t = useT('signUp');
  const form = useStepForm(personalResolver, props);
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <StepForm
      form={form}
      {...props}
      legend={t('personal.legend')}
      intro={<p className="muted">{t('personal.intro')}</p>}
    >
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
      <PhoneField
        label={t('personal.phone')}
        hint={t('personal.phoneHint')}
        problem={errors.phone}
        {...register('phone')}
      />
      <EmailField label={t('personal.email')} problem={errors.email} {...register('email')} />
    </StepForm>
  );
}
