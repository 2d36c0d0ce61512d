import {
  E,
  formatThaiIdNumber,
  formatThaiPhone,
  KYC_IMAGE_SLOTS,
  KYC_REJECT_REASONS,
  networkById,
  networkLabel,
} from '@bahtdesk/contract';
import { useParams } from 'react-router';
import { ReviewDecision } from '../../components/ReviewDecision.tsx';
import { ReviewPage } from '../../components/ReviewPage.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { MemberRiskPanel } from '../risk/MemberRiskPanel.tsx';

/**
 * One identity submission: the member's risk above, the four images side by side, the member
 * beside them with their exchange accounts, and the decision: approve, or reject with a reason.
 */
export default function KycReviewPage() {
  const t = useT('kyc');
  const f = useFormat();
  const id = Number(useParams().id);
  const state = useApi('kycSubmission', { params: { id } });
  return (
    <ReviewPage
      t={t}
      titleId="kyc-review-title"
      path="/kyc"
      state={state}
      reasons={KYC_REJECT_REASONS}
      before={(s) => <MemberRiskPanel memberId={s.memberId} />}
      images={(s) =>
        KYC_IMAGE_SLOTS.map((slot) => ({
          fileId: s.images[slot],
          caption:
            s.documentType === 'thaiIdCard' && (slot === 'passportImage' || slot === 'holdingPassportImage')
              ? t(`idCardSlots.${slot}`)
              : t(`slots.${slot}`),
        }))
      }
      facts={(s) => (
        <>
          <dt>{t('review.document')}</dt>
          <dd>{t(`documentType.${s.documentType}`)}</dd>
          {s.idCardNumber ? (
            <>
              <dt>{t('review.idCardNumber')}</dt>
              <dd className="nowrap">{formatThaiIdNumber(s.idCardNumber)}</dd>
            </>
          ) : null}
          {s.documentType === 'passport' ? (
            <>
              <dt>{t('review.passportNumber')}</dt>
              <dd className="nowrap">
                {s.passportNumber ?? <span className="muted">{t('review.notRecorded')}</span>}
              </dd>
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
        </>
      )}
      more={(s) => (
        <>
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
        </>
      )}
      decision={(s, onDecided) => {
        const confirmText = t('review.confirmText', { name: `${s.firstName} ${s.lastName}` });
        return (
          <ReviewDecision
            key={s.id}
            t={t}
            reasonId="kyc-reason"
            reasons={KYC_REJECT_REASONS}
            noteRequired={E.KYC_REASON_REQUIRED}
            decided={E.KYC_ALREADY_DECIDED}
            accept={{
              label: t('review.approve'),
              title: t('review.approveTitle'),
              text: confirmText,
              done: t('review.verifiedDone'),
            }}
            refuse={{
              legend: t('review.rejectLegend'),
              label: t('review.reject'),
              title: t('review.rejectTitle'),
              text: confirmText,
              done: t('review.failedDone'),
            }}
            send={(d) =>
              call('decideKyc', {
                params: { id: s.id },
                body: d.accept
                  ? { decision: 'verified' }
                  : { decision: 'failed', reasonCode: d.reasonCode, note: d.note },
                dialog: false,
              })
            }
            onDecided={onDecided}
          />
        );
      }}
    />
  );
}
