import { E, forgotPasswordBodySchema, OTP_RESEND_COUNTDOWN_S } from '@bahtdesk/contract';
import { contractResolver, EmailField, FormAlert, PhoneField, useFormError } from '@bahtdesk/ui/forms';
import { type ReactNode, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { signedCall } from '../../lib/signedCall.ts';
import { setState } from '../../lib/store.ts';
import '../../components/forms.css';

/**
 * The first step of forgot password and forgot username: which email or phone of the account to
 * send to, and the helpers both pages share.
 */
type Channel = 'email' | 'phone';
export interface RequestValues {
  channel: Channel;
  email: string;
  phone: string;
}
export interface Sent {
  to: { channel: 'email'; email: string } | { channel: 'phone'; phone: string };
  destination: string;
  /** When another may be asked for (ms since the epoch). */
  resendAt: number;
}

const REQUEST_FIELDS: Record<number, 'email' | 'phone'> = {
  [E.EMAIL_NOT_FOUND.code]: 'email',
  [E.PHONE_NOT_FOUND.code]: 'phone',
};

/** Sends with the loading overlay on; a failure goes to `onError` and gives undefined. */
export async function send<T>(
  request: () => Promise<T>,
  onError: (error: unknown) => void,
): Promise<T | undefined> {
  setState({ overlay: true });
  try {
    return await request();
  } catch (error) {
    onError(error);
    return undefined;
  } finally {
    setState({ overlay: false });
  }
}

/** When another may be asked for: the server's word, else the contract's countdown. */
export function resendAt(seconds: number = OTP_RESEND_COUNTDOWN_S): number {
  return Date.now() + seconds * 1000;
}

/** The wait the server gave with a refused resend (10023 for a code, 10048 for a username), if any. */
export function waitFrom(error: unknown): number | undefined {
  const tooSoon = [E.OTP_RESEND_TOO_SOON.code, E.USERNAME_RESEND_TOO_SOON.code];
  if (!(error instanceof ApiError) || !tooSoon.includes(error.code)) return undefined;
  const seconds = (error.period as { resendInSeconds?: unknown } | undefined)?.resendInSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** A step's heading takes the focus when the step appears, so it is announced. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </h2>
  );
}

/** Sends a code (forgotPassword) or the username (forgotUsername) to the email or phone chosen. */
export function RequestStep({
  call,
  legend,
  intro,
  submit,
  onSent,
  initial,
}: {
  call: 'forgotPassword' | 'forgotUsername';
  legend: string;
  intro: string;
  submit: string;
  onSent: (sent: Sent) => void;
  initial: RequestValues;
}) {
  const t = useT('forgotPassword');
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestValues>({
    // Both calls take the same body (the contract's otpDestinationSchema).
    resolver: contractResolver<RequestValues>(forgotPasswordBodySchema),
    defaultValues: initial,
  });
  const channel = watch('channel');
  const problem = useFormError(REQUEST_FIELDS, (field, code) =>
    setError(field, { message: String(code) }, { shouldFocus: true }),
  );

  const onSubmit = async (values: RequestValues) => {
    problem.clear();
    const to =
      values.channel === 'email'
        ? { channel: 'email' as const, email: values.email }
        : { channel: 'phone' as const, phone: values.phone };
    const result = await send(() => signedCall(call, { body: to }), problem.show);
    if (result) {
      onSent({ to, destination: result.destination, resendAt: resendAt(result.resendInSeconds) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <fieldset className="fieldset">
        <legend>{legend}</legend>
        <p className="muted">{intro}</p>
        <div className="choice">
          <label>
            <input type="radio" value="email" {...register('channel')} />
            {t('request.email')}
          </label>
          <label>
            <input type="radio" value="phone" {...register('channel')} />
            {t('request.phone')}
          </label>
        </div>
      </fieldset>
      <FormAlert message={problem.alert} />
      {channel === 'email' ? (
        <EmailField
          key="email"
          label={t('request.emailLabel')}
          problem={errors.email}
          {...register('email')}
        />
      ) : (
        <PhoneField
          key="phone"
          label={t('request.phoneLabel')}
          hint={t('request.phoneHint')}
          problem={errors.phone}
          {...register('phone')}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {submit}
        </button>
      </div>
    </form>
  );
}

/** "Send again", disabled with its countdown until `seconds` reaches 0, and what the last send said. */
export function ResendBlock({
  label,
  countdown,
  seconds,
  notice,
  onResend,
}: {
  label: string;
  countdown: string;
  seconds: number;
  notice: string | null;
  onResend: () => void;
}) {
  return (
    <div className="resend">
      <button type="button" className="button button--outline" disabled={seconds > 0} onClick={onResend}>
        {label}
      </button>
      {seconds > 0 ? <p className="muted resend__countdown">{countdown}</p> : null}
      <p role="status" className="resend__notice">
        {notice}
      </p>
    </div>
  );
}
