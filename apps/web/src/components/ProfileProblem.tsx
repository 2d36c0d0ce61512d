import { useState } from 'react';
import { refreshProfile } from '../app/NavigationGuard.tsx';
import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/**
 * Says that the profile could not be read again (a database problem, a fault, the network) while
 * the member stays signed in, with the desk's own words and a retry (decision 0063).
 */
export function ProfileProblem() {
  const t = useT('common');
  const problem = useClientState((s) => (s.token === null ? null : s.profileProblem));
  const [trying, setTrying] = useState(false);
  if (problem === null) return null;
  const retry = async () => {
    setTrying(true);
    try {
      await refreshProfile();
    } finally {
      setTrying(false);
    }
  };
  return (
    <div className="note note--warning profile-problem" role="alert">
      <p>
        {t('profileProblem.title')} {problem ? t('profileProblem.reason', { reason: problem }) : null}{' '}
        {t('profileProblem.kept')}
      </p>
      <button type="button" className="button button--small" disabled={trying} onClick={retry}>
        {t('profileProblem.retry')}
      </button>
    </div>
  );
}
