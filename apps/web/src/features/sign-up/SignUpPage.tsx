import type { Profile } from '@bahtdesk/contract';
import type { FieldCodes } from '@bahtdesk/ui/forms';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { call, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { setState } from '../../lib/store.ts';
import '../../components/forms.css';
import { useFormError } from '@bahtdesk/ui/forms';
import {
  BankAccountForm,
  type BankAccountValues,
  UsdtAddressForm,
  type UsdtAddressValues,
  usdtAddressBody,
} from '../../components/paymentForms.tsx';
import { signedCall } from '../../lib/signedCall.ts';
import { clearDraft, type Draft, type PersonalValues, readDraft, writeDraft } from './draft.ts';
import { LeaveConfirm } from './LeaveConfirm.tsx';
import './signUp.css';
import { FIELD_OF_CODE } from './signUpErrors.ts';
import { CredentialsStep, type CredentialValues, PersonalStep } from './steps.tsx';

const STEP_KEYS = ['credentials', 'personal', 'bank', 'usdt', 'done'] as const;
/** The success step, a member page: the guard sends a member with a token there from /sign-up. */
const WELCOME = `/sign-up?next=${encodeURIComponent('/welcome')}`;

interface Passwords {
  password: string;
  confirmPassword: string;
}

/**
 * Sign-up in steps (docs/product.md, Member rules): credentials, personal info, an optional bank
 * account, a USDT address, success. Each step is checked with the contract's schema before Next;
 * Back keeps what was typed; everything but the passwords survives a reload (session storage);
 * leaving midway asks first. The server's answer (e.g. username taken) is shown on the step and
 * field it is about. Sign-up signs the member in and shows success on /welcome, with the signed-in
 * top bar.
 */
export default function SignUpPage() {
  const t = useT('signUp');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [draft, setDraft] = useState<Draft>(readDraft);
  const passwords = useRef<Passwords>({ password: '', confirmPassword: '' });
  // After a reload the passwords are gone: start again at step 1 with everything else kept.
  const [askAgain] = useState(() => draft.step > 0);
  const [step, setStep] = useState(askAgain ? 0 : draft.step);
  const [problems, setProblems] = useState<Record<string, number>>({});
  const [session, setSession] = useState<{ token: string; profile: Profile } | null>(null);
  const [typed, setTyped] = useState(() => draft.username !== '');
  const progress = useRef<HTMLParagraphElement>(null);
  /** Set when Next, Back or Skip changes the step; a server error focuses its field instead. */
  const moved = useRef(false);
  const lists = useApi('getNetworkBank');
  const problem = useFormError(FIELD_OF_CODE, ([where, field], code) => {
    setStep(where);
    setProblems({ [field]: code });
  });

  const update = useCallback((patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      writeDraft({ ...next, step: Math.min(next.step, 3) });
      return next;
    });
  }, []);

  const go = (next: number) => {
    setProblems({});
    problem.clear();
    moved.current = true;
    setStep(next);
    update({ step: next });
  };

  // Each new step is announced and takes the focus (its progress line).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    progress.current?.focus();
  }, [step]);

  const onCredentials = useCallback(
    (v: CredentialValues) => {
      passwords.current = { password: v.password, confirmPassword: v.confirmPassword };
      if (v.username || v.password) setTyped(true);
      update({ username: v.username });
    },
    [update],
  );
  const onPersonal = useCallback(
    (v: PersonalValues) => {
      setTyped(true);
      update({ personal: v });
    },
    [update],
  );
  const onBank = useCallback((v: BankAccountValues) => update({ bank: v }), [update]);
  const onUsdt = useCallback((v: UsdtAddressValues) => update({ usdt: v }), [update]);

  const submit = async (usdt: UsdtAddressValues) => {
    problem.clear();
    setState({ overlay: true });
    const current = { ...draft, usdt };
    try {
      const result = await signedCall('signUp', {
        body: {
          username: current.username,
          ...passwords.current,
          ...current.personal,
          ...(current.bankSkipped ? {} : { bankAccount: current.bank }),
          usdtAddress: usdtAddressBody(usdt),
        },
      });
      const profile = await call('profile', {
        dialog: false,
        headers: { Authorization: `Bearer ${result.token}` },
      });
      clearDraft();
      setSession({ token: result.token, profile });
    } catch (error) {
      problem.show(error);
    } finally {
      setState({ overlay: false });
    }
  };

  // The session is applied once the address names the welcome page as `next`, so the guard's
  // redirect away from /sign-up (which it makes as soon as there is a token) leads there.
  useEffect(() => {
    if (!session) return;
    if (new URLSearchParams(search).has('next')) setState({ token: session.token, profile: session.profile });
    else navigate(WELCOME, { replace: true });
  }, [session, search, navigate]);

  const backButton = (onBack: () => void) => (
    <button type="button" className="button" onClick={onBack}>
      {t('back')}
    </button>
  );
  const nextButton = (label = t('next')) => (
    <button type="submit" className="button button--primary">
      {label}
    </button>
  );
  const banks = lists.status === 'ready' ? lists.data.banks : [];
  const networks = lists.status === 'ready' ? lists.data.networks : [];
  const stepName = t(`steps.${STEP_KEYS[step] ?? 'done'}`);

  return (
    <section className="auth-card auth-card--wide" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <ol className="steps" aria-hidden="true">
        {STEP_KEYS.map((key, index) => (
          <li
            key={key}
            className={
              index === step
                ? 'steps__item steps__item--current'
                : index < step
                  ? 'steps__item steps__item--done'
                  : 'steps__item'
            }
          >
            <span className="steps__number">{index + 1}</span>
            <span className="steps__name">{t(`steps.${key}`)}</span>
          </li>
        ))}
      </ol>
      <p ref={progress} tabIndex={-1} className="steps__progress">
        {t('progress', { step: step + 1, total: STEP_KEYS.length, name: stepName })}
      </p>

      {step === 0 ? (
        <CredentialsStep
          defaultValues={{ username: draft.username, ...passwords.current }}
          problems={problems as FieldCodes<CredentialValues>}
          onValues={onCredentials}
          onSubmit={(v) => {
            onCredentials(v);
            go(1);
          }}
          note={
            askAgain && !passwords.current.password ? <p className="note">{t('credentials.again')}</p> : null
          }
          actions={() => <div className="form-actions">{nextButton()}</div>}
        />
      ) : null}

      {step === 1 ? (
        <PersonalStep
          defaultValues={draft.personal}
          problems={problems as FieldCodes<PersonalValues>}
          onValues={onPersonal}
          onSubmit={(v) => {
            update({ personal: v });
            go(2);
          }}
          actions={(values) => (
            <div className="form-actions">
              {backButton(() => {
                update({ personal: values() });
                go(0);
              })}
              {nextButton()}
            </div>
          )}
        />
      ) : null}

      {step === 2 ? (
        <BankAccountForm
          banks={banks}
          holder={draft.personal}
          legend={t('bank.legend')}
          intro={<p className="muted">{t('bank.intro')}</p>}
          defaultValues={draft.bank}
          problems={problems as FieldCodes<BankAccountValues>}
          onValues={onBank}
          onSubmit={(v) => {
            update({ bank: v, bankSkipped: false });
            go(3);
          }}
          actions={(values) => (
            <div className="form-actions">
              {backButton(() => {
                update({ bank: values() });
                go(1);
              })}
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  update({ bank: values(), bankSkipped: true });
                  go(3);
                }}
              >
                {t('skip')}
              </button>
              {nextButton()}
            </div>
          )}
        />
      ) : null}

      {step === 3 ? (
        <UsdtAddressForm
          networks={networks}
          legend={t('usdt.legend')}
          intro={<p className="muted">{t('usdt.intro')}</p>}
          defaultValues={draft.usdt}
          problems={problems as FieldCodes<UsdtAddressValues>}
          alert={problem.alert}
          onValues={onUsdt}
          onSubmit={submit}
          actions={(values) => (
            <div className="form-actions">
              {backButton(() => {
                update({ usdt: values() });
                go(2);
              })}
              {nextButton(t('create'))}
            </div>
          )}
        />
      ) : null}

      {step === 0 ? (
        <div className="form-links">
          <Link to="/login">{t('haveAccount')}</Link>
        </div>
      ) : null}

      <LeaveConfirm active={!session && (typed || step > 0)} here="/sign-up" onLeave={clearDraft} />
    </section>
  );
}
