import {
  E,
  INCOME_PROOF_KINDS,
  INCOME_PROOF_REFUSE_REASON_CODES,
  INCOME_PROOF_REFUSE_REASONS,
  type IncomeProofRefuseReason,
  type IncomeProofSummary,
} from '@bahtdesk/contract';
import { ApiError } from '@bahtdesk/ui/api';
import { FormAlert, SelectField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { StaffImage } from '../../components/StaffImage.tsx';
import { Loaded } from '../../components/States.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';
import { MemberLevelPanel } from '../members/MemberLevelPanel.tsx';

type Decision =
  | { decision: 'accepted' }
  | { decision: 'refused'; reasonCode: IncomeProofRefuseReason; note: string };

/** Accept (level 2), or refuse with a reason (a common one in both languages, plus a note the member reads as typed). */
function DecisionForm({ proof, onDecided }: { proof: IncomeProofSummary; onDecided: () => void }) {
  const t = useT('proofs');
  const f = useFormat();
  const [reasonCode, setReasonCode] = useState<IncomeProofRefuseReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const name = `${proof.firstName} ${proof.lastName}`;

  const decide = async (body: Decision) => {
    try {
      await call('decideIncomeProof', { params: { id: proof.id }, body, dialog: false });
      showSnackbar(t(body.decision === 'accepted' ? 'review.acceptedDone' : 'review.refusedDone'));
      onDecided();
    } catch (error) {
      setConfirming(null);
      setProblem(error instanceof ApiError ? error.message : String(error));
      if (error instanceof ApiError && error.code === E.INCOME_PROOF_DECIDED.code) onDecided();
      throw error;
    }
  };

  const refuse = () => {
    if (!reasonCode) return setProblem(t('review.reasonRequired'));
    if (reasonCode === 'other' && note.trim() === '')
      return setProblem(E.INCOME_PROOF_REASON_REQUIRED[f.lang]);
    setProblem(null);
    setConfirming({ decision: 'refused', reasonCode, note });
  };

  return (
    <div className="kyc-decision">
      <h2>{t('review.decide')}</h2>
      <FormAlert message={problem} />
      <button
        type="button"
        className="button button--primary"
        onClick={() => setConfirming({ decision: 'accepted' })}
      >
        {t('review.accept')}
      </button>
      <fieldset className="kyc-decision__reject">
        <legend>{t('review.refuseLegend')}</legend>
        <SelectField
          id="proof-reason"
          label={t('review.reason')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value as IncomeProofRefuseReason)}
        >
          <option value="">{t('review.chooseReason')}</option>
          {INCOME_PROOF_REFUSE_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {INCOME_PROOF_REFUSE_REASONS[code][f.lang]}
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
        <button type="button" className="button button--danger" onClick={refuse}>
          {t('review.refuse')}
        </button>
      </fieldset>
      {confirming ? (
        <ConfirmDialog
          title={t(confirming.decision === 'accepted' ? 'review.acceptTitle' : 'review.refuseTitle')}
          confirmLabel={t(confirming.decision === 'accepted' ? 'review.accept' : 'review.refuse')}
          danger={confirming.decision === 'refused'}
          onClose={() => setConfirming(null)}
          onConfirm={() => decide(confirming)}
        >
          <p>{t(confirming.decision === 'accepted' ? 'review.acceptText' : 'review.refuseText', { name })}</p>
          {confirming.decision === 'refused' ? (
            <p>{INCOME_PROOF_REFUSE_REASONS[confirming.reasonCode][f.lang]}</p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** One proof of income or assets: its pages, the member and their level beside them, and the decision. */
export default function ProofReviewPage() {
  const t = useT('proofs');
  const f = useFormat();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const state = useApi('incomeProof', { params: { id } });
  return (
    <section className="page" aria-labelledby="proof-review-title">
      <p>
        <Link to="/proofs">{t('review.back')}</Link>
      </p>
      <h1 id="proof-review-title">{t('review.title')}</h1>
      <Loaded state={state}>
        {(p) => (
          <>
            <MemberLevelPanel memberId={p.memberId} />
            <div className="kyc-review">
              <div className="kyc-review__images">
                {p.images.map((fileId, i) => (
                  <StaffImage key={fileId} fileId={fileId} caption={t('review.page', { n: i + 1 })} />
                ))}
              </div>
              <div className="kyc-review__side">
                <dl className="facts">
                  <dt>{t('review.name')}</dt>
                  <dd>
                    <Link to={`/members/${p.memberId}`}>
                      {p.firstName} {p.lastName}
                    </Link>
                  </dd>
                  <dt>{t('queue.username')}</dt>
                  <dd>{p.username}</dd>
                  <dt>{t('queue.kind')}</dt>
                  <dd>{INCOME_PROOF_KINDS[p.kind][f.lang]}</dd>
                  <dt>{t('queue.submitted')}</dt>
                  <dd>{f.dateTime(p.submittedAt)}</dd>
                  <dt>{t('review.status')}</dt>
                  <dd>{t(`status.${p.status}`)}</dd>
                </dl>
                {p.status === 'waiting' ? (
                  <DecisionForm key={p.id} proof={p} onDecided={() => navigate('/proofs')} />
                ) : (
                  <p>
                    {t('review.decidedBy', {
                      who: p.decidedBy ?? '—',
                      when: p.decidedAt ? f.dateTime(p.decidedAt) : '—',
                    })}
                    {p.reasonCode ? ` · ${INCOME_PROOF_REFUSE_REASONS[p.reasonCode][f.lang]}` : ''}
                    {p.note ? ` · ${p.note}` : ''}
                  </p>
                )}
              </div>
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}
