import {
  accountNameMatches,
  bankByCode,
  beforeAppointmentDay,
  type CompleteOrderBody,
  codeMessage,
  completeOrderBodySchema,
  E,
  type ErrorDef,
  formatAccountNumber,
  normaliseTxHash,
  payoutHashIssue,
  type StaffOrder,
  validationMessage,
} from '@bahtdesk/contract';
import { ApiError } from '@bahtdesk/ui/api';
import { contractResolver, TextField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import type { Decide } from './OrderDecision.tsx';

interface Values {
  payoutReference: string;
  slipNameMatches: boolean;
  otherNameAccepted: boolean;
  depositSeen: boolean;
  cameEarly: boolean;
}

type Tick = 'slipNameMatches' | 'depositSeen' | 'otherNameAccepted' | 'cameEarly';

/** The code the server answers when each tick is missing. */
const TICK_CODES: Record<Tick, ErrorDef> = {
  slipNameMatches: E.SLIP_NAME_CHECK_REQUIRED,
  depositSeen: E.DEPOSIT_SEEN_CHECK_REQUIRED,
  otherNameAccepted: E.PAYOUT_NAME_CHECK_REQUIRED,
  cameEarly: E.APPOINTMENT_EARLY_CHECK_REQUIRED,
};

/**
 * The contract's body as the server checks it for this order: the ticks it needs required, and a
 * buy's payout reference a transaction hash of its network (50067, in the network's wording).
 */
function forOrder(order: StaffOrder['order'], needed: Tick[]) {
  return completeOrderBodySchema.superRefine((body, ctx) => {
    if (order.type === 'buy' && normaliseTxHash(order.network ?? '', body.payoutReference) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['payoutReference'], message: payoutHashIssue(order.network) });
    }
    for (const tick of needed) {
      if (body[tick] !== true) {
        ctx.addIssue({ code: 'custom', path: [tick], message: codeMessage(TICK_CODES[tick]) });
      }
    }
  });
}

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

/**
 * The account a sell pays out to, masked as the server sends it; an operator or admin shows the
 * full number with the audited reveal (decision 0050).
 */
function PayoutAccount({ order }: { order: StaffOrder['order'] }) {
  const t = useT('orders');
  const f = useFormat();
  const canReveal = useCan('revealOrderAccount');
  // Kept with the order's id, so that another order's screen never shows this number.
  const [revealed, setRevealed] = useState<{ id: string; number: string } | null>(null);
  const account = order.bankAccount;
  if (!account) return null;
  const bank = bankByCode(account.bankCode);
  const full = revealed?.id === order.id ? revealed.number : null;
  const reveal = async () => {
    const { accountNumber } = await call('revealOrderAccount', { params: { id: order.id }, body: {} });
    setRevealed({ id: order.id, number: accountNumber });
  };
  return (
    <div>
      <p>
        {t('complete.payTo')}: {bank ? bank[f.lang] : account.bankCode} ·{' '}
        <code>{full ? formatAccountNumber(full) : account.accountNumber}</code> · {account.accountName}{' '}
        {canReveal && !full ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => void reveal().catch(() => undefined)}
          >
            {t('complete.reveal')}
          </button>
        ) : null}
      </p>
      {canReveal && !full ? <p className="muted">{t('complete.revealHint')}</p> : null}
    </div>
  );
}

/** Completes the order with the payout reference, after a confirmation. */
export function CompleteForm({ detail, decide }: { detail: StaffOrder; decide: Decide }) {
  const t = useT('orders');
  const f = useFormat();
  const { order, member } = detail;
  const cash = order.payment?.method === 'cash_deposit';
  const name = `${member.firstName} ${member.lastName}`;
  const account = order.bankAccount;
  // Decision 0035: the same check as the mark on the order's facts and the member's page.
  const otherName =
    account !== null && !accountNameMatches(account.accountName, member.firstName, member.lastName);
  const appointmentAt = order.payment?.method === 'cash_appointment' ? order.payment.appointmentAt : null;
  const early = appointmentAt !== null && beforeAppointmentDay(new Date(appointmentAt), new Date());
  const needed: Tick[] = [
    ...(cash ? (['slipNameMatches', 'depositSeen'] as const) : []),
    ...(otherName ? (['otherNameAccepted'] as const) : []),
    ...(early ? (['cameEarly'] as const) : []),
  ];
  const depositSeenLabel = t('complete.depositSeen', {
    amount: f.amount(order.payment?.depositAmount ?? order.total),
    accounts: detail.deskAccounts
      .map((a) => {
        const bank = bankByCode(a.bankCode);
        return `${bank ? bank[f.lang] : a.bankCode} ${formatAccountNumber(a.accountNumber)} (${a.accountName})`;
      })
      .join(' / '),
  });
  const cameEarlyLabel = appointmentAt ? t('complete.cameEarly', { date: f.date(appointmentAt) }) : '';
  const form = useForm<Values>({
    resolver: contractResolver(forOrder(order, needed)),
    defaultValues: {
      payoutReference: '',
      slipNameMatches: false,
      otherNameAccepted: false,
      depositSeen: false,
      cameEarly: false,
    },
  });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<CompleteOrderBody | null>(null);
  const submit = form.handleSubmit((values) =>
    setConfirming({
      payoutReference: values.payoutReference,
      ...Object.fromEntries(needed.map((tick) => [tick, values[tick]])),
    }),
  );
  const send = (body: CompleteOrderBody) =>
    decide(() => call('completeOrder', { params: { id: order.id }, body, dialog: false }), t('complete.done'))
      .catch((error) => {
        // The server's refusal of the hash is shown on its field too.
        if (error instanceof ApiError && error.code === E.PAYOUT_HASH_INVALID.code) {
          form.setError(
            'payoutReference',
            { message: payoutHashIssue(order.network) },
            { shouldFocus: true },
          );
        }
        throw error;
      })
      .finally(() => setConfirming(null));
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="complete-title">
      <h2 id="complete-title">{t('complete.title')}</h2>
      <PayoutAccount order={order} />
      <TextField
        label={t(order.type === 'buy' ? 'complete.txHash' : 'complete.bankReference')}
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        problem={errors.payoutReference}
        {...form.register('payoutReference')}
      />
      {cash ? (
        <>
          <RequiredTick
            id="slip-name"
            label={t('complete.nameMatches', { name })}
            problem={errors.slipNameMatches?.message}
            {...form.register('slipNameMatches')}
          />
          <RequiredTick
            id="deposit-seen"
            label={depositSeenLabel}
            problem={errors.depositSeen?.message}
            {...form.register('depositSeen')}
          />
        </>
      ) : null}
      {early ? (
        <RequiredTick
          id="came-early"
          label={cameEarlyLabel}
          problem={errors.cameEarly?.message}
          {...form.register('cameEarly')}
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
          {cash ? (
            <>
              <p>{t('complete.nameMatches', { name })}</p>
              <p>{depositSeenLabel}</p>
            </>
          ) : null}
          {early ? <p>{cameEarlyLabel}</p> : null}
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
