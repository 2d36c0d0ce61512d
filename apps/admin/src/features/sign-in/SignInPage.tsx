import type { StaffProfile } from '@bahtdesk/contract';
import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useT } from '../../lib/i18n.ts';
import { startSession } from '../../lib/session.ts';
import { useAdminState } from '../../lib/store.ts';
import { PasswordStep } from './PasswordStep.tsx';

/**
 * The steps after the password load when they are reached (decision 0065): the screen every
 * staff member opens first needs the password step only, not the QR code, the recovery codes or
 * their forms.
 */
const EnrolStep = lazy(() =>
  withChunkReload(() => import('./EnrolStep.tsx')).then((m) => ({ default: m.EnrolStep })),
);
const RecoveryCodesStep = lazy(() =>
  withChunkReload(() => import('./RecoveryCodesStep.tsx')).then((m) => ({ default: m.RecoveryCodesStep })),
);
const VerifyStep = lazy(() =>
  withChunkReload(() => import('./VerifyStep.tsx')).then((m) => ({ default: m.VerifyStep })),
);
const ChangePasswordStep = lazy(() =>
  withChunkReload(() => import('./ChangePasswordStep.tsx')).then((m) => ({ default: m.ChangePasswordStep })),
);

/**
 * Staff sign-in, one step at a time: username and password; then either the first sign-in's
 * enrolment (QR code and secret, a code to confirm, the ten recovery codes shown once) or a code
 * from the authenticator (or a recovery code); then, for an account with a one-time password, a
 * new password. Only then does the console open.
 */
type Step =
  | { name: 'password' }
  | { name: 'enrol' }
  | { name: 'recovery'; codes: string[]; profile: StaffProfile }
  | { name: 'verify' }
  | { name: 'changePassword' };

export default function SignInPage() {
  const t = useT('signIn');
  const navigate = useNavigate();
  const signedIn = useAdminState((s) => s.profile?.secondFactorDone === true);
  const [step, setStep] = useState<Step>({ name: 'password' });

  const finish = (profile: StaffProfile) => {
    if (profile.mustChangePassword || !profile.secondFactorDone) {
      setStep({ name: 'changePassword' });
      return;
    }
    startSession(profile);
    navigate('/', { replace: true });
  };

  if (signedIn && step.name === 'password') return <Navigate to="/" replace />;

  return (
    <div className="signin">
      <header className="signin__top">
        <span className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            ฿
          </span>
          {t('brand')}
        </span>
        <LanguageSwitch />
      </header>
      <main id="main" className="signin__card" tabIndex={-1}>
        <Suspense fallback={null}>
          {step.name === 'password' ? (
            <PasswordStep
              onNext={(next) => setStep(next === 'enrol' ? { name: 'enrol' } : { name: 'verify' })}
            />
          ) : step.name === 'enrol' ? (
            <EnrolStep onEnrolled={(codes, profile) => setStep({ name: 'recovery', codes, profile })} />
          ) : step.name === 'recovery' ? (
            <RecoveryCodesStep codes={step.codes} onDone={() => finish(step.profile)} />
          ) : step.name === 'verify' ? (
            <VerifyStep onVerified={finish} />
          ) : (
            <ChangePasswordStep onChanged={finish} />
          )}
        </Suspense>
      </main>
    </div>
  );
}
