import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import './signUp.css';

/**
 * The last step of sign-up, shown signed in: a success mark, the member's name, and the next step
 * to take (identity verification); home is the secondary way on.
 */
export default function WelcomePage() {
  const t = useT('signUp');
  const name = useClientState((s) => s.profile?.firstName ?? '');
  return (
    <section className="auth-card signup-done" aria-labelledby="page-title">
      <svg className="signup-done__mark" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
        <circle cx="24" cy="24" r="22" />
        <path d="M14 25l7 7 13-15" />
      </svg>
      <h1 id="page-title">{t('done.title')}</h1>
      <p>{t('done.text', { name })}</p>
      <div className="form-actions signup-done__actions">
        <Link className="button button--primary" to="/account?action=openKyc">
          {t('done.verify')}
        </Link>
        <Link className="button button--outline" to="/">
          {t('done.home')}
        </Link>
      </div>
    </section>
  );
}
