import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignIn } from '../../app/guard.ts';
import { call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';

/** How often the page asks whether the service is back. */
export const MAINTENANCE_POLL_MS = 15_000;

/**
 * 'System maintenance... We will come back to service again soon.' The member stays signed in;
 * once the service is back the page returns them where they were (`?next=`), else home.
 */
export default function MaintenancePage() {
  const t = useT('common');
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    const timer = setInterval(() => {
      call('maintenanceStatus', { dialog: false, background: true })
        .then((period) => period.status === 'on' && navigate(afterSignIn(search), { replace: true }))
        .catch(() => undefined);
    }, MAINTENANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [navigate, search]);
  return (
    <section className="page page--center maintenance" aria-labelledby="maintenance-title">
      <svg className="maintenance__art" viewBox="0 0 64 64" width="96" height="96" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#e3f1ec" />
        <path
          d="M22 42l14-14m2-8a8 8 0 0 0-10 10l-12 12 4 4 12-12a8 8 0 0 0 10-10l-5 5-4-1-1-4z"
          fill="none"
          stroke="#0b5d4b"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      <h1 id="maintenance-title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
    </section>
  );
}
