import { E, orderTransitionAllowed, type StaffOrder } from '@bahtdesk/contract';
import { ApiError } from '@bahtdesk/ui/api';
import { FormAlert, formErrorText, handledGlobally } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { CompleteForm } from './CompleteForm.tsx';
import { RejectForm } from './RejectForm.tsx';

/** Sends a decision; says `done` when it went through. */
export type Decide = (send: () => Promise<unknown>, done: string) => Promise<void>;

/**
 * The two staff decisions, each offered only to a role that may make it and only while the order's
 * state machine allows it. A failure is shown in the page's language; when another staff member
 * decided first (50014) the order is read again, so the page shows what they decided.
 */
export function OrderDecision({ detail, onChanged }: { detail: StaffOrder; onChanged: () => void }) {
  const f = useFormat();
  const status = detail.order.status;
  const canComplete = useCan('completeOrder') && orderTransitionAllowed('complete', status);
  const canReject = useCan('rejectOrder') && orderTransitionAllowed('reject', status);
  const [failure, setFailure] = useState<string | null>(null);
  const decide: Decide = async (send, done) => {
    setFailure(null);
    try {
      await send();
    } catch (error) {
      if (!handledGlobally(error)) setFailure(formErrorText(error, f.lang));
      if (error instanceof ApiError && error.code === E.TRANSACTION_STATUS_INVALID.code) onChanged();
      throw error;
    }
    showSnackbar(done);
    onChanged();
  };
  return (
    <>
      <FormAlert message={failure} />
      {canComplete ? <CompleteForm detail={detail} decide={decide} /> : null}
      {canReject ? <RejectForm detail={detail} decide={decide} /> : null}
    </>
  );
}
