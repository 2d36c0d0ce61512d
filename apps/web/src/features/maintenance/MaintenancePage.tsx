import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignIn } from '../../app/guard.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';

/** How often the page asks whether the service is back (staff switching it is heard at once). */
export const MAINTENANCE_POLL_MS = 15_000;

/**
 * 'System maintenance... We will come back to service again soon.' The member stays signed in.
 * The page reads the status every 15 s and as soon as the public stream says the settings changed
 * (lib/live.ts); once the service is back it returns them where they were (`?next=`), else home
 * (decision 0063).
 */
export default function MaintenancePage() {
  const t = useT('common');
  const navigate = useNavigate();
  const { search } = useLocation();
  const status = useApi('maintenanceStatus', { dialog: false }, { refreshMs: MAINTENANCE_POLL_MS });
  const open = status.status === 'ready' && status.data.status === 'on';
  useEffect(() => {
    if (open) navigate(afterSignIn(search), { replace: true });
  }, [open, navigate, search]);
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
