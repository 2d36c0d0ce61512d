import {
  E,
  type EditProfileBody,
  editProfileBodySchema,
  emailSchema,
  formatThaiPhone,
  type Profile,
  thaiPhoneSchema,
} from '@bahtdesk/contract';
import { Keep } from '@bahtdesk/ui/format';
import {
  contractResolver,
  EmailField,
  FormAlert,
  PasswordField,
  PhoneField,
  TextField,
  useFormError,
} from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { setState, showSnackbar } from '../../lib/store.ts';

type Values = Required<EditProfileBody>;

const FIELD_OF_CODE: Record<number, keyof Values> = {
  [E.EMAIL_TAKEN.code]: 'email',
  [E.EMAIL_INVALID.code]: 'email',
  [E.PHONE_TAKEN.code]: 'phone',
  [E.PHONE_INVALID.code]: 'phone',
  [E.NAME_INVALID.code]: 'firstName',
  [E.CURRENT_PASSWORD_INCORRECT.code]: 'currentPassword',
  [E.REQUIRED.code]: 'currentPassword',
};

/**
 * The form checks names, phone and email with the contract; whether the current password is needed
 * depends on what changed, so it is checked on submit (and again by the server).
 */
const resolver = contractResolver<Values>(editProfileBodySchema.omit({ currentPassword: true }));

/** Whether the typed value means something else than the stored one (`+66 81...` is `081...`). */
function differs(
  schema: typeof emailSchema | typeof thaiPhoneSchema,
  typed: string,
  stored: string,
): boolean {
  const parsed = schema.safeParse(typed);
  return (parsed.success ? parsed.data : typed) !== stored;
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const t = useT('account');
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      email: profile.email,
      currentPassword: '',
    },
  });
  // A new email or phone is where password-reset codes would go: the server asks for the password.
  const contactChanged =
    differs(emailSchema, watch('email'), profile.email) ||
    differs(thaiPhoneSchema, watch('phone'), profile.phone);
  const problem = useFormError(FIELD_OF_CODE, (field, code) =>
    setError(field, { message: String(code) }, { shouldFocus: true }),
  );

  const onSubmit = async ({ currentPassword, ...details }: Values) => {
    problem.clear();
    if (contactChanged && !currentPassword) {
      setError('currentPassword', { message: String(E.REQUIRED.code) }, { shouldFocus: true });
      return;
    }
    const body: EditProfileBody = contactChanged ? { ...details, currentPassword } : details;
    try {
      const updated = await call('editProfile', { body, dialog: false });
      setState({ profile: updated });
      showSnackbar(t('profile.saved'), 'success');
      onDone();
    } catch (error) {
      problem.show(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('profile.edit')}>
      <FormAlert message={problem.alert} />
      <div className="account-grid">
        <TextField
          label={t('profile.firstName')}
          autoComplete="given-name"
          problem={errors.firstName}
          {...register('firstName')}
        />
        <TextField
          label={t('profile.lastName')}
          autoComplete="family-name"
          problem={errors.lastName}
          {...register('lastName')}
        />
        <PhoneField
          label={t('profile.phone')}
          hint={t('profile.phoneHint')}
          problem={errors.phone}
          {...register('phone')}
        />
        <EmailField label={t('profile.email')} problem={errors.email} {...register('email')} />
      </div>
      {contactChanged ? (
        <PasswordField
          label={t('profile.currentPassword')}
          hint={t('profile.currentPasswordHint')}
          autoComplete="current-password"
          problem={errors.currentPassword}
          {...register('currentPassword')}
        />
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('form.save')}
        </button>
      </div>
    </form>
  );
}

/** What the profile shows, in this order. */
const FACTS = ['username', 'firstName', 'lastName', 'phone', 'email'] as const;

/** Names, phone and email: shown, and edited in place (phone and email must stay unused by others). */
export function ProfileSection({ profile }: { profile: Profile }) {
  const t = useT('account');
  const [editing, setEditing] = useState(false);
  return (
    <div>
      {editing ? (
        <ProfileForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="account-facts">
            {FACTS.map((key) => (
              <div key={key}>
                <dt>{t(`profile.${key}`)}</dt>
                <dd>{key === 'phone' ? <Keep>{formatThaiPhone(profile.phone)}</Keep> : profile[key]}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button button--outline" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </button>
        </>
      )}
    </div>
  );
}
