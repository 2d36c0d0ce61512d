import {
  E,
  isValidPassportNumber,
  isValidThaiIdNumber,
  KYC_DOCUMENT_TYPES,
  KYC_IMAGE_SLOTS,
  KYC_REJECT_REASONS,
  type KycDocumentType,
  type KycImageSlot,
  normaliseThaiIdNumber,
  type Profile,
} from '@bahtdesk/contract';
import { formatDate } from '@bahtdesk/ui/format';
import { TextField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { PhotoPicker, type PhotoUpload } from '../../components/PhotoPicker.tsx';
import { PhotoSubmit, refusedSlot } from '../../components/PhotoSubmit.tsx';
import { RefusalNote } from '../../components/RefusalNote.tsx';
import { StatusLine, type StatusTone } from '../../components/StatusChip.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { setState, showSnackbar, useClientState } from '../../lib/store.ts';

type Slots<T> = Record<KycImageSlot, T>;
const NO_PHOTOS: Slots<number | null> = {
  passportImage: null,
  holdingPassportImage: null,
  screenshot1Image: null,
  screenshot2Image: null,
};
const NO_PROBLEMS: Slots<string | null> = {
  passportImage: null,
  holdingPassportImage: null,
  screenshot1Image: null,
  screenshot2Image: null,
};

const TONE: Record<Profile['kycStatus'], StatusTone> = {
  unverified: 'neutral',
  waiting: 'warning',
  verified: 'success',
  failed: 'danger',
};

/** A small drawing of what each photo shows (decorative beside its written instruction). */
function Example({ slot, document }: { slot: KycImageSlot; document: KycDocumentType }) {
  const passport =
    document === 'passport' ? (
      <>
        <rect x="14" y="8" width="36" height="48" rx="3" fill="#0b5d4b" />
        <circle cx="32" cy="26" r="7" fill="#fff" />
        <rect x="20" y="40" width="24" height="3" fill="#fff" />
      </>
    ) : (
      <>
        <rect x="6" y="16" width="52" height="32" rx="3" fill="#0b5d4b" />
        <circle cx="44" cy="32" r="7" fill="#fff" />
        <rect x="12" y="24" width="20" height="3" fill="#fff" />
        <rect x="12" y="32" width="16" height="3" fill="#fff" />
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

/** The locale group of each document's number field. */
const NUMBER_FIELD: Record<KycDocumentType, 'passportNumber' | 'idNumber'> = {
  passport: 'passportNumber',
  thaiIdCard: 'idNumber',
};
/** The server's refusals of a document number, shown at its field. */
const NUMBER_CODES = [
  E.ID_CARD_NUMBER_INVALID.code,
  E.ID_CARD_NUMBER_CHECK_DIGIT.code,
  E.PASSPORT_NUMBER_INVALID.code,
];

/**
 * The document's type, its number (a passport's, a Thai ID card's), and the four photos: each picked, shrunk in
 * the browser and sent once, with its progress in per cent, to be checked and kept on the server
 * (stageKycImage); the submission then names the kept photos (submitKyc). A photo the submission
 * refuses is marked, and only that one is chosen again.
 */
function KycUpload() {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const [document, setDocument] = useState<KycDocumentType>('passport');
  const [numbers, setNumbers] = useState<Record<KycDocumentType, string>>({ passport: '', thaiIdCard: '' });
  const [numberProblem, setNumberProblem] = useState<string | null>(null);
  const number = numbers[document];
  const [photos, setPhotos] = useState(NO_PHOTOS);
  const [problems, setProblems] = useState(NO_PROBLEMS);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ready = KYC_IMAGE_SLOTS.every((slot) => photos[slot] !== null && !problems[slot]);

  /**
   * The catalogue code of what is wrong with the typed document number: an ID card's 13 digits and
   * check digit (10044, 10045), a passport's shape (10053); null when right.
   */
  function numberProblemOf(type: KycDocumentType, typed: string): string | null {
    if (type === 'passport') {
      return isValidPassportNumber(typed) ? null : String(E.PASSPORT_NUMBER_INVALID.code);
    }
    const digits = normaliseThaiIdNumber(typed);
    if (!/^[0-9]{13}$/.test(digits)) return String(E.ID_CARD_NUMBER_INVALID.code);
    if (!isValidThaiIdNumber(digits)) return String(E.ID_CARD_NUMBER_CHECK_DIGIT.code);
    return null;
  }

  const stage =
    (slot: KycImageSlot): PhotoUpload =>
    async (image, progress) => {
      const staged = await call('stageKycImage', {
        body: { slot, image },
        dialog: false,
        onUploadProgress: progress,
      });
      setPhotos((all) => ({ ...all, [slot]: staged.photoId }));
      setProblems((all) => ({ ...all, [slot]: null }));
    };

  async function submit() {
    const wrongNumber = numberProblemOf(document, number);
    setNumberProblem(wrongNumber);
    if (wrongNumber) return;
    setSending(true);
    setProblem(null);
    try {
      await call('submitKyc', {
        body: {
          documentType: document,
          ...(document === 'thaiIdCard'
            ? { idCardNumber: normaliseThaiIdNumber(number) }
            : { passportNumber: number.trim() }),
          photos: photos as Slots<number>,
        },
        dialog: false,
      });
      setState({ profile: await call('profile', { dialog: false }) });
      showSnackbar(t('kyc.sent'));
    } catch (error) {
      const slot = refusedSlot(error, KYC_IMAGE_SLOTS);
      const message = error instanceof ApiError ? error.message : t('kyc.problem.unreadable');
      if (slot) {
        // Only that photo is chosen again; the others stay kept on the server.
        setPhotos((all) => ({ ...all, [slot]: null }));
        setProblems((all) => ({ ...all, [slot]: message }));
        setProblem(t('kyc.replaceOne', { photo: slotTitle(slot) }));
      } else if (error instanceof ApiError && NUMBER_CODES.includes(error.code)) {
        setNumberProblem(String(error.code));
      } else {
        setProblem(message);
      }
    } finally {
      setSending(false);
    }
  }

  /** An ID card's own words for the document's two photos. */
  const cardSlot = (slot: KycImageSlot) =>
    document === 'thaiIdCard' && (slot === 'passportImage' || slot === 'holdingPassportImage') ? slot : null;
  const slotTitle = (slot: KycImageSlot) => {
    const card = cardSlot(slot);
    return card ? t(`kyc.idCardSlots.${card}.title`) : t(`kyc.slots.${slot}.title`);
  };
  const slotHint = (slot: KycImageSlot, date: string) => {
    const card = cardSlot(slot);
    return card ? t(`kyc.idCardSlots.${card}.hint`, { date }) : t(`kyc.slots.${slot}.hint`, { date });
  };

  const today = formatDate(new Date().toISOString(), lang);
  return (
    <div className="kyc-upload">
      <fieldset className="fieldset kyc-document">
        <legend>{t('kyc.document.legend')}</legend>
        <div className="choice">
          {KYC_DOCUMENT_TYPES.map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="kyc-document"
                value={type}
                checked={document === type}
                disabled={sending}
                onChange={() => {
                  setDocument(type);
                  setNumberProblem(null);
                }}
              />
              {t(`kyc.document.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        key={document}
        label={t(`kyc.${NUMBER_FIELD[document]}.label`)}
        hint={t(`kyc.${NUMBER_FIELD[document]}.hint`)}
        inputMode={document === 'thaiIdCard' ? 'numeric' : 'text'}
        autoComplete="off"
        value={number}
        disabled={sending}
        onChange={(event) => {
          const typed = event.target.value;
          setNumbers((all) => ({ ...all, [document]: typed }));
          if (numberProblem) setNumberProblem(numberProblemOf(document, typed));
        }}
        onBlur={() => setNumberProblem(number ? numberProblemOf(document, number) : null)}
        problem={numberProblem ? { message: numberProblem } : undefined}
      />
      <p>{t('kyc.uploadIntro')}</p>
      <ol className="kyc-slots">
        {KYC_IMAGE_SLOTS.map((slot) => (
          <li key={slot} className="kyc-slot">
            <Example slot={slot} document={document} />
            <div className="kyc-slot__body">
              <PhotoPicker
                label={slotTitle(slot)}
                hint={slotHint(slot, today)}
                preparing={t('kyc.preparing')}
                previewAlt={t('kyc.thumbnail', { photo: slotTitle(slot) })}
                disabled={sending}
                upload={stage(slot)}
                problem={problems[slot]}
                onChange={(image) => {
                  if (image === '') setPhotos((all) => ({ ...all, [slot]: null }));
                }}
              />
            </div>
          </li>
        ))}
      </ol>
      <PhotoSubmit
        problem={problem}
        sending={sending}
        ready={ready}
        text={{ sending: t('kyc.sending'), submit: t('kyc.submit'), notReady: t('kyc.needAll') }}
        onSubmit={() => void submit()}
      />
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
      <StatusLine label={t('kyc.status')} tone={TONE[status]} status={t(`kyc.${status}`)} />
      <p>{t(`kyc.${status}Text`)}</p>
      {status === 'failed' && review?.reasonCode ? (
        <RefusalNote
          label={t('kyc.reason')}
          reason={KYC_REJECT_REASONS[review.reasonCode][lang]}
          note={review.note}
        />
      ) : null}
      {status === 'unverified' || status === 'failed' ? <KycUpload /> : null}
    </div>
  );
}
