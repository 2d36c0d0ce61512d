import {
  changePasswordBodySchema,
  confirmOtpBodySchema,
  E,
  OTP_LENGTH,
  OTP_VALIDITY_MS,
} from '@bahtdesk/contract';
import { contractResolver, FormAlert, PasswordField, TextField, useFormError } from '@bahtdesk/ui/forms';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { signedCall } from '../../lib/signedCall.ts';
import { setState, showSnackbar } from '../../lib/store.ts';
import {
  RequestStep,
  type RequestValues,
  ResendBlock,
  resendAt,
  type Sent,
  StepHeading,
  send,
  waitFrom,
} from './request.tsx';
import { useCountdown } from './useCountdown.ts';

/** Codes of confirmOtp that belong on the code field. */
const OTP_FIELDS: Record<number, 'otp'> = {
  [E.OTP_INCORRECT.code]: 'otp',
  [E.OTP_FORMAT.code]: 'otp',
  [E.OTP_EXPIRED.code]: 'otp',
  [E.OTP_TOO_MANY_TRIES.code]: 'otp',
  [E.OTP_SESSION_INVALID.code]: 'otp',
};

type OtpValues = Sent['to'] & { otp: string };

function OtpStep({
  sent,
  onResent,
  onConfirmed,
  onChange,
}: {
  sent: Sent;
  onResent: (sent: Sent) => void;
  onConfirmed: (ticket: string) => void;
  onChange: () => void;
}) {
  const t = useT('forgotPassword');
  const [notice, setNotice] = useState<string | null>(null);
  const seconds = useCountdown(sent.resendAt);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues>({
    // The destination rides along unregistered, so the contract's whole confirmOtp body is checked.
    resolver: contractResolver<OtpValues>(confirmOtpBodySchema),
    defaultValues: { ...sent.to, otp: '' },
  });
  const problem = useFormError(OTP_FIELDS, (field, code) =>
    setError(field, { message: String(code) }, { shouldFocus: true }),
  );

  const onSubmit = async ({ otp }: OtpValues) => {
    problem.clear();
    setNotice(null);
    const result = await send(() => signedCall('confirmOtp', { body: { ...sent.to, otp } }), problem.show);
    if (result) onConfirmed(result.resetTicket);
  };

  const resend = async () => {
    problem.clear();
    setNotice(null);
    // forgotPassword answers none of the code field's codes: its errors show above the form.
    const result = await send(
      () => signedCall('forgotPassword', { body: sent.to }),
      (error) => {
        // Too soon (10023): the server says how long to wait; the countdown restarts from that.
        const wait = waitFrom(error);
        if (wait !== undefined) onResent({ ...sent, resendAt: resendAt(wait) });
        problem.show(error);
      },
    );
    if (result) {
      onResent({ ...sent, destination: result.destination, resendAt: resendAt(result.resendInSeconds) });
      setNotice(t('otp.resent'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <StepHeading>{t('otp.legend')}</StepHeading>
      <p>{t('otp.sent', { destination: sent.destination, minutes: OTP_VALIDITY_MS / 60_000 })}</p>
      <FormAlert message={problem.alert} />
      <TextField
        label={t('otp.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        pattern="[0-9]*"
        problem={errors.otp}
        {...register('otp')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('otp.submit')}
        </button>
      </div>
      <ResendBlock
        label={t('otp.resend')}
        countdown={t('otp.resendIn', { seconds })}
        seconds={seconds}
        notice={notice}
        onResend={resend}
      />
      <button type="button" className="link-button" onClick={onChange}>
        {t('otp.change')}
      </button>
    </form>
  );
}

interface PasswordValues {
  resetTicket: string;
  password: string;
  confirmPassword: string;
}

function PasswordStep({
  ticket,
  onDone,
  onStartOver,
}: {
  ticket: string;
  onDone: () => void;
  onStartOver: () => void;
}) {
  const t = useT('forgotPassword');
  // A failure here (most often a reset ticket that has expired) shows above the form with Start over.
  const expired = useFormError({}, () => undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: contractResolver<PasswordValues>(changePasswordBodySchema),
    defaultValues: { resetTicket: ticket, password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: PasswordValues) => {
    expired.clear();
    const result = await send(
      () => signedCall('changePassword', { body: values }).then(() => true),
      expired.show,
    );
    if (result) onDone();
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <StepHeading>{t('password.legend')}</StepHeading>
      <FormAlert message={expired.alert} />
      {expired.alert ? (
        <button type="button" className="button" onClick={onStartOver}>
          {t('password.startOver')}
        </button>
      ) : null}
      <input type="hidden" {...register('resetTicket')} />
      <PasswordField
        label={t('password.new')}
        hint={t('password.hint')}
        autoComplete="new-password"
        problem={errors.password}
        {...register('password')}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        problem={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * Forgot password (/forgot-password): the member's email or phone, then the 6-digit code (a new
 * one only after the countdown shown on screen), then a new password; done, they are sent to
 * /login with a snackbar. Every request carries a clientSignature.
 */
export default function ForgotPasswordPage() {
  const t = useT('forgotPassword');
  const navigate = useNavigate();
  const [request, setRequest] = useState<RequestValues>({ channel: 'email', email: '', phone: '' });
  const [sent, setSent] = useState<Sent | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);

  useEffect(() => () => setState({ overlay: false }), []);

  const startOver = () => {
    setTicket(null);
    setSent(null);
  };

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      {ticket ? (
        <PasswordStep
          ticket={ticket}
          onStartOver={startOver}
          onDone={() => {
            showSnackbar(t('done'), 'success');
            navigate('/login', { replace: true });
          }}
        />
      ) : sent ? (
        <OtpStep sent={sent} onResent={setSent} onConfirmed={setTicket} onChange={startOver} />
      ) : (
        <RequestStep
          call="forgotPassword"
          legend={t('request.legend')}
          intro={t('request.intro')}
          submit={t('request.submit')}
          initial={request}
          onSent={(value) => {
            setRequest({
              channel: value.to.channel,
              email: value.to.channel === 'email' ? value.to.email : request.email,
              phone: value.to.channel === 'phone' ? value.to.phone : request.phone,
            });
            setSent(value);
          }}
        />
      )}
      <div className="form-links">
        <Link to="/forgot-username">{t('forgotUsername')}</Link>
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </section>
  );
}
