import {
  codeMessage,
  E,
  ORDER_REJECT_REASON_CODES,
  ORDER_REJECT_REASONS,
  type OrderRejectReason,
  type RejectOrderBody,
  rejectNoteIncomplete,
  rejectReasonsFor,
  type StaffOrder,
} from '@bahtdesk/contract';
import { FormAlert, SelectField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { call } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import type { Decide } from './OrderDecision.tsx';

const NOTE_IN_BOTH = { message: codeMessage(E.ORDER_REASON_REQUIRED) };

/** Rejects the order with a common reason (the member reads it in their language) and notes in both languages. */
export function RejectForm({ detail, decide }: { detail: StaffOrder; decide: Decide }) {
  const t = useT('orders');
  const f = useFormat();
  const { order, member } = detail;
  const [reasonCode, setReasonCode] = useState<OrderRejectReason | ''>('');
  const [note, setNote] = useState({ en: '', th: '' });
  const [problem, setProblem] = useState<string | null>(null);
  // The empty note field(s) when the note is not in both languages (50045, the contract's rule).
  const [missing, setMissing] = useState({ en: false, th: false });
  const [confirming, setConfirming] = useState<RejectOrderBody | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reasonCode) return setProblem(t('reject.reasonRequired'));
    const en = note.en.trim();
    const th = note.th.trim();
    setProblem(null);
    if (rejectNoteIncomplete({ reasonCode, note: { en, th } })) return setMissing({ en: !en, th: !th });
    setMissing({ en: false, th: false });
    setConfirming({ reasonCode, ...(en || th ? { note: { en, th } } : {}) });
  };
  const send = (body: RejectOrderBody) =>
    decide(
      () => call('rejectOrder', { params: { id: order.id }, body, dialog: false }),
      t('reject.done'),
    ).finally(() => setConfirming(null));

  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="reject-title">
      <h2 id="reject-title">{t('reject.title')}</h2>
      <FormAlert message={problem} />
      <SelectField
        label={t('reject.reason')}
        value={reasonCode}
        onChange={(e) => setReasonCode(e.target.value as OrderRejectReason)}
      >
        <option value="">{t('reject.chooseReason')}</option>
        {(order.payment ? rejectReasonsFor(order.payment.method) : ORDER_REJECT_REASON_CODES).map((code) => (
          <option key={code} value={code}>
            {ORDER_REJECT_REASONS[code][f.lang]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('reject.noteEn')}
        lang="en"
        rows={3}
        maxLength={500}
        value={note.en}
        problem={missing.en ? NOTE_IN_BOTH : undefined}
        onChange={(e) => setNote((n) => ({ ...n, en: e.target.value }))}
      />
      <TextAreaField
        label={t('reject.noteTh')}
        lang="th"
        rows={3}
        maxLength={500}
        value={note.th}
        problem={missing.th ? NOTE_IN_BOTH : undefined}
        onChange={(e) => setNote((n) => ({ ...n, th: e.target.value }))}
      />
      <p className="muted">{t('reject.memberLanguage')}</p>
      <div className="form-actions">
        <button type="submit" className="button button--danger">
          {t('reject.submit')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('reject.confirmTitle')}
          confirmLabel={t('reject.submit')}
          danger
          onClose={() => setConfirming(null)}
          onConfirm={() => send(confirming)}
        >
          <p>{t('reject.confirmText', { id: order.id, name: `${member.firstName} ${member.lastName}` })}</p>
          <p>{ORDER_REJECT_REASONS[confirming.reasonCode][f.lang]}</p>
          {confirming.note ? (
            <p>{confirming.note[f.lang] || confirming.note.en || confirming.note.th}</p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
