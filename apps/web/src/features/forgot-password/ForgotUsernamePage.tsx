import { FormAlert, useFormError } from '@bahtdesk/ui/forms';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { signedCall } from '../../lib/signedCall.ts';
import { setState } from '../../lib/store.ts';
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

/** Where the username went, and a new send once the countdown is over. */
function SentStep({
  sent,
  onResent,
  onChange,
}: {
  sent: Sent;
  onResent: (sent: Sent) => void;
  onChange: () => void;
}) {
  const t = useT('forgotPassword');
  const seconds = useCountdown(sent.resendAt);
  const [notice, setNotice] = useState<string | null>(null);
  const problem = useFormError({}, () => undefined);

  const resend = async () => {
    problem.clear();
    setNotice(null);
    const result = await send(
      () => signedCall('forgotUsername', { body: sent.to }),
      (error) => {
        // Too soon (10048): the server says how long to wait; the countdown restarts from that.
        const wait = waitFrom(error);
        if (wait !== undefined) onResent({ ...sent, resendAt: resendAt(wait) });
        problem.show(error);
      },
    );
    if (result) {
      onResent({ ...sent, destination: result.destination, resendAt: resendAt(result.resendInSeconds) });
      setNotice(t('username.resent'));
    }
  };

  return (
    <div>
      <StepHeading>{t('username.sentTitle')}</StepHeading>
      <p>{t('username.sent', { destination: sent.destination })}</p>
      <FormAlert message={problem.alert} />
      <div className="form-actions">
        <Link className="button button--primary" to="/login">
          {t('username.logIn')}
        </Link>
      </div>
      <ResendBlock
        label={t('username.resend')}
        countdown={t('username.resendIn', { seconds })}
        seconds={seconds}
        notice={notice}
        onResend={resend}
      />
      <button type="button" className="link-button" onClick={onChange}>
        {t('otp.change')}
      </button>
    </div>
  );
}

/**
 * Forgot username (/forgot-username): the member's email or phone; the server sends the username
 * there (another one only after the countdown shown). Every request carries a clientSignature.
 */
export default function ForgotUsernamePage() {
  const t = useT('forgotPassword');
  const [request, setRequest] = useState<RequestValues>({ channel: 'email', email: '', phone: '' });
  const [sent, setSent] = useState<Sent | null>(null);

  useEffect(() => () => setState({ overlay: false }), []);

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title">{t('username.title')}</h1>
      {sent ? (
        <SentStep sent={sent} onResent={setSent} onChange={() => setSent(null)} />
      ) : (
        <RequestStep
          call="forgotUsername"
          legend={t('username.legend')}
          intro={t('username.intro')}
          submit={t('username.submit')}
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
        <Link to="/forgot-password">{t('forgotPasswordLink')}</Link>
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </section>
  );
}
