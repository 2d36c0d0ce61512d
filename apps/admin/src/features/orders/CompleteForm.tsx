import {
  accountNameMatches,
  type CompleteOrderBody,
  codeMessage,
  completeOrderBodySchema,
  E,
  type StaffOrder,
  validationMessage,
} from '@bahtdesk/contract';
import { contractResolver, TextField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import type { Decide } from './OrderDecision.tsx';

interface Values {
  payoutReference: string;
  slipNameMatches: boolean;
  otherNameAccepted: boolean;
}

/** A cash deposit's slip must have been compared with the member's legal name (the server's 50046). */
const cashDepositSchema = completeOrderBodySchema.refine((body) => body.slipNameMatches === true, {
  path: ['slipNameMatches'],
  message: codeMessage(E.SLIP_NAME_CHECK_REQUIRED),
});

/** A sell into an account not in the member's name must be accepted explicitly (the server's 50048). */
const otherNameSchema = completeOrderBodySchema.refine((body) => body.otherNameAccepted === true, {
  path: ['otherNameAccepted'],
  message: codeMessage(E.PAYOUT_NAME_CHECK_REQUIRED),
});

/** A tick the staff member must give before completing, with the contract's message when missing. */
function RequiredTick({
  id,
  label,
  problem,
  ...input
}: { id: string; label: string; problem: string | undefined } & UseFormRegisterReturn) {
  const f = useFormat();
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          {...input}
        />
        {label}
      </label>
      {problem ? (
        <p id={`${id}-error`} className="field__error">
          {validationMessage(problem, f.lang)}
        </p>
      ) : null}
    </>
  );
}

/** Completes the order with the payout reference, after a confirmation. */
export function CompleteForm({ detail, decide }: { detail: StaffOrder; decide: Decide }) {
  const t = useT('orders');
  const { order, member } = detail;
  const cash = order.payment?.method === 'cash_deposit';
  const name = `${member.firstName} ${member.lastName}`;
  const account = order.bankAccount;
  // Decision 0035: the same check as the mark on the order's facts and the member's page.
  const otherName =
    account !== null && !accountNameMatches(account.accountName, member.firstName, member.lastName);
  const form = useForm<Values>({
    resolver: contractResolver(
      cash ? cashDepositSchema : otherName ? otherNameSchema : completeOrderBodySchema,
    ),
    defaultValues: { payoutReference: '', slipNameMatches: false, otherNameAccepted: false },
  });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<CompleteOrderBody | null>(null);
  const submit = form.handleSubmit((values) =>
    setConfirming({
      payoutReference: values.payoutReference,
      ...(cash ? { slipNameMatches: values.slipNameMatches } : {}),
      ...(otherName ? { otherNameAccepted: values.otherNameAccepted } : {}),
    }),
  );
  const send = (body: CompleteOrderBody) =>
    decide(
      () => call('completeOrder', { params: { id: order.id }, body, dialog: false }),
      t('complete.done'),
    ).finally(() => setConfirming(null));
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="complete-title">
      <h2 id="complete-title">{t('complete.title')}</h2>
      <TextField
        label={t(order.type === 'buy' ? 'complete.txHash' : 'complete.bankReference')}
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        problem={errors.payoutReference}
        {...form.register('payoutReference')}
      />
      {cash ? (
        <RequiredTick
          id="slip-name"
          label={t('complete.nameMatches', { name })}
          problem={errors.slipNameMatches?.message}
          {...form.register('slipNameMatches')}
        />
      ) : null}
      {otherName && account ? (
        <RequiredTick
          id="other-name"
          label={t('complete.otherName', { account: account.accountName, name })}
          problem={errors.otherNameAccepted?.message}
          {...form.register('otherNameAccepted')}
        />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {t('complete.submit')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('complete.confirmTitle')}
          confirmLabel={t('complete.submit')}
          onClose={() => setConfirming(null)}
          onConfirm={() => send(confirming)}
        >
          <p>{t('complete.confirmText', { id: order.id, name })}</p>
          <p>{t('complete.confirmReference', { reference: confirming.payoutReference.trim() })}</p>
          {cash ? <p>{t('complete.nameMatches', { name })}</p> : null}
          {otherName && account ? (
            <p>
              <strong>{t('complete.otherName', { account: account.accountName, name })}</strong>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
