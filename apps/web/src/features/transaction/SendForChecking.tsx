import { Modal } from '@bahtdesk/ui/components';
import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';

/**
 * The last button of a payment form: asks before sending (a confirmed order can't be changed) and
 * shows the progress; `send` resolves when the order has moved on or rejects with what to show.
 */
export function SendForChecking({
  label,
  text,
  ready,
  onInvalid,
  send,
}: {
  label: string;
  /** What the dialog says happens next, in the words of the order's method; the cash payment's by default. */
  text?: string;
  ready: boolean;
  onInvalid: () => void;
  send: () => Promise<void>;
}) {
  const t = useT('transaction');
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  async function go() {
    setSending(true);
    try {
      await send();
    } finally {
      setSending(false);
      setAsking(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => (ready ? setAsking(true) : onInvalid())}
      >
        {label}
      </button>
      <Modal
        open={asking}
        onClose={() => !sending && setAsking(false)}
        title={t('pay.confirmTitle')}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)} disabled={sending}>
              {t('quote.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void go()}
              disabled={sending}
            >
              {sending ? t('pay.sending') : t('pay.send')}
            </button>
          </>
        }
      >
        <p>{text ?? t('pay.confirmText')}</p>
        {sending ? <progress aria-label={t('pay.sending')} /> : null}
      </Modal>
    </>
  );
}
