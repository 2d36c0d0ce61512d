import {
  FormAlert,
  formErrorText,
  handledGlobally,
  lazyContractResolver,
  PasswordField,
  UsernameField,
} from '@bahtdesk/ui/forms';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { signedCall } from '../../lib/signedCall.ts';
import { setState, useClientState } from '../../lib/store.ts';
import '../../components/forms.css';

interface Values {
  username: string;
  password: string;
}

const resolver = lazyContractResolver<Values>(() =>
  import('../../lib/formSchemas.ts').then((m) => m.signInBodySchema),
);

/**
 * Sign-in (/login): username and password, sent with a clientSignature. A wrong pair (999) and an
 * IP ban (4290060) are shown above the form in the catalogue's words. On success the token and
 * the profile go into the client state together, and the guard takes the member to the page it
 * turned them away from (`?next=`), or home.
 */
export default function SignInPage() {
  const t = useT('signIn');
  const lang = useClientState((s) => s.language);
  const [alert, setAlert] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => () => setState({ overlay: false }), []);

  const onSubmit = async (values: Values) => {
    setAlert(null);
    setState({ overlay: true });
    try {
      const session = await signedCall('signIn', { body: values });
      const profile = await call('profile', {
        dialog: false,
        headers: { Authorization: `Bearer ${session.token}` },
      });
      // With a token the guard moves the member on from /login (to `?next=` or home).
      setState({ token: session.token, profile, overlay: false });
    } catch (error) {
      setState({ overlay: false });
      if (!handledGlobally(error)) setAlert(error);
    }
  };

  // The failure is kept, not its text, so the text follows a change of language.
  const alertText = alert === null ? null : formErrorText(alert, lang);

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormAlert message={alertText} />
        <UsernameField label={t('username')} problem={errors.username} {...register('username')} />
        <PasswordField
          label={t('password')}
          autoComplete="current-password"
          problem={errors.password}
          {...register('password')}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('submit')}
          </button>
        </div>
      </form>
      <div className="form-links">
        <Link to="/forgot-password">{t('forgot')}</Link>
        <Link to="/forgot-username">{t('forgotUsername')}</Link>
        <Link to="/sign-up">{t('signUp')}</Link>
      </div>
    </section>
  );
}
