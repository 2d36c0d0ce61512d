import type { ErrorDef, Lang } from '@bahtdesk/contract';
import { ApiError } from '@bahtdesk/ui/api';
import { FormAlert, SelectField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useFormat } from '../lib/format.ts';
import { showSnackbar } from '../lib/store.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';

/** Accepting, or refusing with one of the common reasons and a note. */
export type Decision<R extends string> = { accept: true } | { accept: false; reasonCode: R; note: string };

/** The texts the decision form reads from its namespace (identity and income proofs both have them). */
export type DecisionKey =
  | 'review.decide'
  | 'review.reason'
  | 'review.chooseReason'
  | 'review.note'
  | 'review.memberLanguage'
  | 'review.reasonRequired';

/** One side of the decision: its button, the confirm dialog's title and text, the snackbar when done. */
export interface DecisionSide {
  label: string;
  title: string;
  text: string;
  done: string;
}

/**
 * A review's decision (identity, income proof): accept, or refuse with a reason (a common one in
 * both languages, plus a note the member reads as typed; `noteRequired` when the reason is
 * 'other' without one), each asked again in a confirm dialog. When another staff member decided
 * first (`decided`), it says so and leaves the review like after a decision.
 */
export function ReviewDecision<R extends string>({
  t,
  reasonId,
  reasons,
  noteRequired,
  decided,
  accept,
  refuse,
  send,
  onDecided,
}: {
  t: (key: DecisionKey) => string;
  reasonId: string;
  reasons: Readonly<Record<R, Record<Lang, string>>>;
  noteRequired: ErrorDef;
  decided: ErrorDef;
  accept: DecisionSide;
  refuse: DecisionSide & { legend: string };
  send: (decision: Decision<R>) => Promise<unknown>;
  onDecided: () => void;
}) {
  const f = useFormat();
  const [reasonCode, setReasonCode] = useState<R | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision<R> | null>(null);

  const decide = async (decision: Decision<R>) => {
    try {
      await send(decision);
      showSnackbar(decision.accept ? accept.done : refuse.done);
      onDecided();
    } catch (error) {
      setConfirming(null);
      setProblem(error instanceof ApiError ? error.message : String(error));
      if (error instanceof ApiError && error.code === decided.code) onDecided();
      throw error;
    }
  };

  const refuseAsked = () => {
    if (!reasonCode) return setProblem(t('review.reasonRequired'));
    if (reasonCode === 'other' && note.trim() === '') return setProblem(noteRequired[f.lang]);
    setProblem(null);
    setConfirming({ accept: false, reasonCode, note });
  };

  const side = confirming?.accept ? accept : refuse;
  return (
    <div className="kyc-decision">
      <h2>{t('review.decide')}</h2>
      <FormAlert message={problem} />
      <button
        type="button"
        className="button button--primary"
        onClick={() => setConfirming({ accept: true })}
      >
        {accept.label}
      </button>
      <fieldset className="kyc-decision__reject">
        <legend>{refuse.legend}</legend>
        <SelectField
          id={reasonId}
          label={t('review.reason')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value as R)}
        >
          <option value="">{t('review.chooseReason')}</option>
          {(Object.keys(reasons) as R[]).map((code) => (
            <option key={code} value={code}>
              {reasons[code][f.lang]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('review.note')}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <p className="muted">{t('review.memberLanguage')}</p>
        <button type="button" className="button button--danger" onClick={refuseAsked}>
          {refuse.label}
        </button>
      </fieldset>
      {confirming ? (
        <ConfirmDialog
          title={side.title}
          confirmLabel={side.label}
          danger={!confirming.accept}
          onClose={() => setConfirming(null)}
          onConfirm={() => decide(confirming)}
        >
          <p>{side.text}</p>
          {confirming.accept ? null : <p>{reasons[confirming.reasonCode][f.lang]}</p>}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
