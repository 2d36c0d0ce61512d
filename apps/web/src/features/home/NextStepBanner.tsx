import { Link } from 'react-router';
import { type Key, useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { type NextStep, nextStep } from './nextStep.ts';

/** Where each step is taken (the account page's sections); none while waiting. */
const ACTIONS: Readonly<Record<NextStep, { to: string; label: Key<'home'> } | null>> = {
  verify: { to: '/account?action=openKyc', label: 'nextStep.verifyAction' },
  waiting: null,
  failed: { to: '/account?action=openKyc', label: 'nextStep.failedAction' },
  address: { to: '/account?action=openBinanceId', label: 'nextStep.addressAction' },
};

/** A short banner telling a signed-in member the step to take before trading, with its link. */
export function NextStepBanner() {
  const t = useT('home');
  const step = useClientState((s) => (s.token ? nextStep(s.profile) : null));
  if (!step) return null;
  const action = ACTIONS[step];
  return (
    <aside className="next-step" aria-label={t('nextStep.label')}>
      <p className="next-step__text">{t(`nextStep.${step}`)}</p>
      {action ? (
        <Link to={action.to} className="next-step__action">
          {t(action.label)}
        </Link>
      ) : null}
    </aside>
  );
}
