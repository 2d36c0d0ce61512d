import {
  E,
  formatThaiPhone,
  KYC_IMAGE_SLOTS,
  KYC_REJECT_REASON_CODES,
  KYC_REJECT_REASONS,
  type KycRejectReason,
  type KycSubmission,
  networkById,
  networkLabel,
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
import { MemberRiskPanel } from '../risk/MemberRiskPanel.tsx';

/** A Thai ID number as printed on the card: 1-2345-67890-12-3. */
const formatIdCardNumber = (digits: string) =>
  `${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`;

type Decision = { decision: 'verified' } | { decision: 'failed'; reasonCode: KycRejectReason; note: string };

/** Approve, or reject with a reason (a common one in both languages, plus a note the member reads as typed). */
function DecisionForm({ submission, onDecided }: { submission: KycSubmission; onDecided: () => void }) {
  const t = useT('kyc');
  const f = useFormat();
  const [reasonCode, setReasonCode] = useState<KycRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision | null>(null);

  const decide = async (body: Decision) => {
    try {
      await call('decideKyc', { params: { id: submission.id }, body, dialog: false });
      showSnackbar(t(body.decision === 'verified' ? 'review.verifiedDone' : 'review.failedDone'));
      onDecided();
    } catch (error) {
      setConfirming(null);
      setProblem(error instanceof ApiError ? error.message : String(error));
      if (error instanceof ApiError && error.code === E.KYC_ALREADY_DECIDED.code) onDecided();
      throw error;
    }
  };

  const reject = () => {
    if (!reasonCode) return setProblem(t('review.reasonRequired'));
    if (reasonCode === 'other' && note.trim() === '') return setProblem(E.KYC_REASON_REQUIRED[f.lang]);
    setProblem(null);
    setConfirming({ decision: 'failed', reasonCode, note });
  };

  return (
    <div className="kyc-decision">
      <h2>{t('review.decide')}</h2>
      <FormAlert message={problem} />
      <button
        type="button"
        className="button button--primary"
        onClick={() => setConfirming({ decision: 'verified' })}
      >
        {t('review.approve')}
      </button>
      <fieldset className="kyc-decision__reject">
        <legend>{t('review.rejectLegend')}</legend>
        <SelectField
          id="kyc-reason"
          label={t('review.reason')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value as KycRejectReason)}
        >
          <option value="">{t('review.chooseReason')}</option>
          {KYC_REJECT_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {KYC_REJECT_REASONS[code][f.lang]}
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
        <button type="button" className="button button--danger" onClick={reject}>
          {t('review.reject')}
        </button>
      </fieldset>
      {confirming ? (
        <ConfirmDialog
          title={t(confirming.decision === 'verified' ? 'review.approveTitle' : 'review.rejectTitle')}
          confirmLabel={t(confirming.decision === 'verified' ? 'review.approve' : 'review.reject')}
          danger={confirming.decision === 'failed'}
          onClose={() => setConfirming(null)}
          onConfirm={() => decide(confirming)}
        >
          <p>{t('review.confirmText', { name: `${submission.firstName} ${submission.lastName}` })}</p>
          {confirming.decision === 'failed' ? (
            <p>{KYC_REJECT_REASONS[confirming.reasonCode][f.lang]}</p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** One identity submission: the four images side by side, the member beside them, and the decision. */
export default function KycReviewPage() {
  const t = useT('kyc');
  const f = useFormat();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const state = useApi('kycSubmission', { params: { id } });
  return (
    <section className="page" aria-labelledby="kyc-review-title">
      <p>
        <Link to="/kyc">{t('review.back')}</Link>
      </p>
      <h1 id="kyc-review-title">{t('review.title')}</h1>
      <Loaded state={state}>
        {(s) => (
          <>
            <MemberRiskPanel memberId={s.memberId} />
            <div className="kyc-review">
              <div className="kyc-review__images">
                {KYC_IMAGE_SLOTS.map((slot) => (
                  <StaffImage
                    key={slot}
                    fileId={s.images[slot]}
                    caption={
                      s.documentType === 'thaiIdCard' &&
                      (slot === 'passportImage' || slot === 'holdingPassportImage')
                        ? t(`idCardSlots.${slot}`)
                        : t(`slots.${slot}`)
                    }
                  />
                ))}
              </div>
              <div className="kyc-review__side">
                <dl className="facts">
                  <dt>{t('review.name')}</dt>
                  <dd>
                    <Link to={`/members/${s.memberId}`}>
                      {s.firstName} {s.lastName}
                    </Link>
                  </dd>
                  <dt>{t('queue.username')}</dt>
                  <dd>{s.username}</dd>
                  <dt>{t('review.document')}</dt>
                  <dd>{t(`documentType.${s.documentType}`)}</dd>
                  {s.idCardNumber ? (
                    <>
                      <dt>{t('review.idCardNumber')}</dt>
                      <dd className="nowrap">{formatIdCardNumber(s.idCardNumber)}</dd>
                    </>
                  ) : null}
                  <dt>{t('review.phone')}</dt>
                  <dd>{formatThaiPhone(s.member.phone)}</dd>
                  <dt>{t('review.email')}</dt>
                  <dd>{s.member.email}</dd>
                  <dt>{t('review.signedUp')}</dt>
                  <dd>{f.date(s.member.createdAt)}</dd>
                  <dt>{t('queue.submitted')}</dt>
                  <dd>{f.dateTime(s.submittedAt)}</dd>
                  <dt>{t('review.status')}</dt>
                  <dd>
                    <span className={`badge badge--kyc-${s.status}`}>{t(`status.${s.status}`)}</span>
                  </dd>
                </dl>
                <h2>{t('review.accounts')}</h2>
                {s.usdtAddresses.length === 0 ? (
                  <p className="muted">{t('review.noAccounts')}</p>
                ) : (
                  <ul className="kyc-accounts">
                    {s.usdtAddresses.map((a) => (
                      <li key={a.id}>
                        <strong>
                          {a.custody === 'wallet'
                            ? t('review.personalWallet')
                            : `UID ${a.uid ?? t('review.uidMissing')}`}
                        </strong>{' '}
                        · {networkLabel(networkById(a.network), a.network)}
                        <br />
                        <code>{a.address}</code>
                      </li>
                    ))}
                  </ul>
                )}
                {s.status === 'waiting' ? (
                  <DecisionForm key={s.id} submission={s} onDecided={() => navigate('/kyc')} />
                ) : (
                  <p>
                    {t('review.decidedBy', {
                      who: s.decidedBy ?? '—',
                      when: s.decidedAt ? f.dateTime(s.decidedAt) : '—',
                    })}
                    {s.reasonCode ? ` · ${KYC_REJECT_REASONS[s.reasonCode][f.lang]}` : ''}
                    {s.note ? ` · ${s.note}` : ''}
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
