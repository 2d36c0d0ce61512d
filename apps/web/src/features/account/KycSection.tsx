import { KYC_IMAGE_SLOTS, KYC_REJECT_REASONS, type KycImageSlot, type Profile } from '@bahtdesk/contract';
import { formatDate } from '@bahtdesk/ui/format';
import { useState } from 'react';
import { PhotoPicker } from '../../components/PhotoPicker.tsx';
import { StatusChip, type StatusTone } from '../../components/StatusChip.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { setState, showSnackbar, useClientState } from '../../lib/store.ts';

const EMPTY: Record<KycImageSlot, string> = {
  passportImage: '',
  holdingPassportImage: '',
  screenshot1Image: '',
  screenshot2Image: '',
};

const TONE: Record<Profile['kycStatus'], StatusTone> = {
  unverified: 'neutral',
  waiting: 'warning',
  verified: 'success',
  failed: 'danger',
};

/** A small drawing of what each photo shows (decorative beside its written instruction). */
function Example({ slot }: { slot: KycImageSlot }) {
  const passport = (
    <>
      <rect x="14" y="8" width="36" height="48" rx="3" fill="#0b5d4b" />
      <circle cx="32" cy="26" r="7" fill="#fff" />
      <rect x="20" y="40" width="24" height="3" fill="#fff" />
    </>
  );
  return (
    <svg className="kyc-slot__example" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="8" fill="#eef5f2" />
      {slot === 'passportImage' ? passport : null}
      {slot === 'holdingPassportImage' ? (
        <>
          <circle cx="22" cy="20" r="9" fill="#c9a27e" />
          <rect x="10" y="32" width="24" height="26" rx="6" fill="#0b5d4b" />
          <rect x="38" y="18" width="16" height="22" rx="2" fill="#0b5d4b" />
          <rect x="38" y="44" width="20" height="12" fill="#fff" stroke="#999" />
        </>
      ) : null}
      {slot === 'screenshot1Image' || slot === 'screenshot2Image' ? (
        <>
          <rect x="20" y="6" width="24" height="52" rx="4" fill="#333" />
          <rect x="23" y="12" width="18" height="38" fill="#fff" />
          <path d="M27 31l4 4 7-9" stroke="#1a7f37" strokeWidth="3" fill="none" />
        </>
      ) : null}
    </svg>
  );
}

/** The four photos: each picked, shrunk in the browser, checked by the server, shown; then sent together. */
function KycUpload() {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const [images, setImages] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ready = KYC_IMAGE_SLOTS.every((slot) => images[slot] !== '');

  async function submit() {
    setSending(true);
    setProblem(null);
    try {
      await call('uploadKyc', { body: images, dialog: false });
      setState({ profile: await call('profile', { dialog: false }) });
      showSnackbar(t('kyc.sent'));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('kyc.problem.unreadable'));
    } finally {
      setSending(false);
    }
  }

  const today = formatDate(new Date().toISOString(), lang);
  return (
    <div className="kyc-upload">
      <p>{t('kyc.uploadIntro')}</p>
      <ol className="kyc-slots">
        {KYC_IMAGE_SLOTS.map((slot) => (
          <li key={slot} className="kyc-slot">
            <Example slot={slot} />
            <div className="kyc-slot__body">
              <PhotoPicker
                label={t(`kyc.slots.${slot}.title`)}
                hint={t(`kyc.slots.${slot}.hint`, { date: today })}
                preparing={t('kyc.preparing')}
                previewAlt={t('kyc.thumbnail', { photo: t(`kyc.slots.${slot}.title`) })}
                disabled={sending}
                onChange={(image) => setImages((all) => ({ ...all, [slot]: image }))}
              />
            </div>
          </li>
        ))}
      </ol>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {sending ? <progress aria-label={t('kyc.sending')} /> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={!ready || sending}
        onClick={() => void submit()}
      >
        {sending ? t('kyc.sending') : t('kyc.submit')}
      </button>
      {ready ? null : <p className="muted">{t('kyc.needAll')}</p>}
    </div>
  );
}

/** The identity-verification status, what it means, the staff's reason when failed, and the upload. */
export function KycSection({ profile }: { profile: Profile }) {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const status = profile.kycStatus;
  const review = profile.kycReview;
  return (
    <div>
      <p role="status">
        <span className="muted">{t('kyc.status')}: </span>
        <StatusChip tone={TONE[status]}>{t(`kyc.${status}`)}</StatusChip>
      </p>
      <p>{t(`kyc.${status}Text`)}</p>
      {status === 'failed' && review?.reasonCode ? (
        <div className="note note--warning">
          <p>
            <strong>{t('kyc.reason')}: </strong>
            {KYC_REJECT_REASONS[review.reasonCode][lang]}
          </p>
          {review.note ? <p>{review.note}</p> : null}
        </div>
      ) : null}
      {status === 'unverified' || status === 'failed' ? <KycUpload /> : null}
    </div>
  );
}
