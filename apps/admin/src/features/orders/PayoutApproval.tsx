import type { StaffOrder } from '@bahtdesk/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar, useAdminState } from '../../lib/store.ts';

/**
 * The second pair of eyes on a large payout (decision 0068). While the payout awaits approval this
 * shows who prepared it and when, and offers another staff member approve or send back (the
 * preparer only waits); otherwise the order's decisions (`children`), with a line saying that
 * completing it only prepares the payout.
 */
export function PayoutApproval({
  detail,
  onChanged,
  children,
}: {
  detail: StaffOrder;
  onChanged: () => void;
  children: ReactNode;
}) {
  const t = useT('risk');
  const f = useFormat();
  const me = useAdminState((s) => s.profile?.username);
  const canDecide = useCan('approvePayout');
  const state = useApi('payoutApproval', { params: { id: detail.order.id }, dialog: false });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (detail.order.status !== 'request') return <>{children}</>;
  // No decision is offered before the server says whether the payout awaits approval.
  if (state.status === 'loading') return null;
  const approval = state.status === 'ready' ? state.data : undefined;
  if (!approval) return <>{children}</>;
  if (!approval.awaiting) {
    return (
      <>
        {approval.required ? (
          <p className="status status--warn">
            {t('approval.required', { amount: f.amount(approval.thresholdThb) })}
          </p>
        ) : null}
        {children}
      </>
    );
  }
  const send = async (step: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await step();
      showSnackbar(done);
    } catch {
      // The error dialog said why.
    } finally {
      setBusy(false);
      state.reload();
      onChanged();
    }
  };
  const params = { id: detail.order.id };
  const sendBack = (event: FormEvent) => {
    event.preventDefault();
    void send(() => call('sendBackPayout', { params, body: { note } }), t('approval.sentBack'));
  };
  const mine = approval.preparedBy === me;
  return (
    <section className="panel" aria-labelledby="approval-title">
      <h2 id="approval-title" className="status status--warn">
        {t('approval.awaiting')}
      </h2>
      <p>
        {t('approval.preparedBy', {
          who: approval.preparedBy ?? '',
          when: approval.preparedAt ? f.dateTime(approval.preparedAt) : '',
        })}
      </p>
      <p>
        {t('approval.reference')} <code>{detail.order.payoutReference ?? ''}</code>
      </p>
      {!canDecide ? null : mine ? (
        <p className="muted">{t('approval.yours')}</p>
      ) : (
        <>
          <div className="form-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => send(() => call('approvePayout', { params, body: {} }), t('approval.approved'))}
            >
              {t('approval.approve')}
            </button>
          </div>
          <form onSubmit={sendBack} aria-label={t('approval.sendBackForm')}>
            <TextAreaField
              label={t('approval.note')}
              value={note}
              maxLength={500}
              rows={2}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                {t('approval.sendBack')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
