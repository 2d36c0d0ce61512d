import {
  INCOME_PROOF_KIND_CODES,
  INCOME_PROOF_KINDS,
  INCOME_PROOF_REFUSE_REASONS,
  INCOME_PROOF_SLOTS,
  type IncomeProof,
  type IncomeProofKind,
  type IncomeProofSlot,
} from '@bahtdesk/contract';
import { formatDate } from '@bahtdesk/ui/format';
import { SelectField } from '@bahtdesk/ui/forms';
import { useEffect, useId, useState } from 'react';
import { PhotoPicker, type PhotoUpload } from '../../components/PhotoPicker.tsx';
import { PhotoSubmit, refusedSlot } from '../../components/PhotoSubmit.tsx';
import { RefusalNote } from '../../components/RefusalNote.tsx';
import { StatusLine, type StatusTone } from '../../components/StatusChip.tsx';
import { ApiError, call, queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';

type Pages = Record<IncomeProofSlot, number | null>;
const NO_PAGES: Pages = { page1: null, page2: null, page3: null };

const TONE: Record<IncomeProof['status'], StatusTone> = {
  waiting: 'warning',
  accepted: 'success',
  refused: 'danger',
};

/**
 * The upload of a proof of income or assets (decision 0071): its kind, then one to three pages,
 * each shrunk, sent once with its progress and kept on the server (stageProofImage, the identity
 * photos' flow of decision 0062); the submission names the kept pages.
 */
function ProofUpload({ onSent }: { onSent: () => void }) {
  const t = useT('limits');
  const lang = useClientState((s) => s.language);
  const kindId = useId();
  const [kind, setKind] = useState<IncomeProofKind>('payslip');
  const [pages, setPages] = useState(NO_PAGES);
  const [problems, setProblems] = useState<Record<IncomeProofSlot, string | null>>({
    page1: null,
    page2: null,
    page3: null,
  });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ready = pages.page1 !== null && INCOME_PROOF_SLOTS.every((slot) => !problems[slot]);

  const stage =
    (slot: IncomeProofSlot): PhotoUpload =>
    async (image, progress) => {
      const staged = await call('stageProofImage', {
        body: { slot, image },
        dialog: false,
        onUploadProgress: progress,
      });
      setPages((all) => ({ ...all, [slot]: staged.photoId }));
      setProblems((all) => ({ ...all, [slot]: null }));
    };

  async function submit() {
    setSending(true);
    setProblem(null);
    try {
      const photos = Object.fromEntries(
        INCOME_PROOF_SLOTS.flatMap((s) => (pages[s] === null ? [] : [[s, pages[s]]])),
      );
      await call('submitIncomeProof', { body: { kind, photos: photos as { page1: number } }, dialog: false });
      showSnackbar(t('proof.sent'));
      onSent();
    } catch (error) {
      const slot = refusedSlot(error, INCOME_PROOF_SLOTS);
      const message = error instanceof ApiError ? error.message : t('proof.failed');
      if (slot) {
        setPages((all) => ({ ...all, [slot]: null }));
        setProblems((all) => ({ ...all, [slot]: message }));
      }
      setProblem(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="proof-upload">
      <SelectField
        id={kindId}
        label={t('proof.kind')}
        value={kind}
        disabled={sending}
        onChange={(event) => setKind(event.target.value as IncomeProofKind)}
      >
        {INCOME_PROOF_KIND_CODES.map((code) => (
          <option key={code} value={code}>
            {INCOME_PROOF_KINDS[code][lang]}
          </option>
        ))}
      </SelectField>
      <ol className="proof-pages">
        {INCOME_PROOF_SLOTS.map((slot, i) => (
          <li key={slot}>
            <PhotoPicker
              label={t(i === 0 ? 'proof.firstPage' : 'proof.morePage', { n: i + 1 })}
              hint={i === 0 ? t('proof.pageHint') : undefined}
              preparing={t('proof.preparing')}
              previewAlt={t('proof.thumbnail', { n: i + 1 })}
              disabled={sending}
              upload={stage(slot)}
              problem={problems[slot]}
              onChange={(image) => {
                if (image === '') setPages((all) => ({ ...all, [slot]: null }));
              }}
            />
          </li>
        ))}
      </ol>
      <PhotoSubmit
        problem={problem}
        sending={sending}
        ready={ready}
        text={{ sending: t('proof.sending'), submit: t('proof.submit'), notReady: t('proof.needOne') }}
        onSubmit={() => void submit()}
      />
    </div>
  );
}

/**
 * On the level card of a level-1 member: their newest proof of income or assets and its state
 * (waiting, or refused with the reason in their language), and the upload when none waits.
 */
export function ProofSection() {
  const t = useT('limits');
  const lang = useClientState((s) => s.language);
  const proof = useApi('getIncomeProof', { dialog: false });
  useEffect(() => {
    queries.invalidate(['getIncomeProof']);
  }, []);
  const reload = () => {
    queries.invalidate(['getIncomeProof']);
    queries.invalidate(['getTradeLimits']);
  };
  if (proof.status === 'loading') return <p role="status">{t('proof.loading')}</p>;
  if (proof.status === 'failed') {
    return (
      <div role="alert" className="form-alert">
        <p>{t('proof.loadFailed')}</p>
        <button type="button" className="button" onClick={proof.reload}>
          {t('proof.retry')}
        </button>
      </div>
    );
  }
  const mine = proof.data;
  return (
    <section className="proof" aria-labelledby="proof-title">
      <h3 id="proof-title">{t('proof.title')}</h3>
      {mine ? (
        <StatusLine label={t('proof.status')} tone={TONE[mine.status]} status={t(`proof.${mine.status}`)}>
          {' '}
          <span className="muted">
            {INCOME_PROOF_KINDS[mine.kind][lang]} · {formatDate(mine.submittedAt, lang)}
          </span>
        </StatusLine>
      ) : (
        <p>{t('proof.none')}</p>
      )}
      {mine?.status === 'waiting' ? <p>{t('proof.waitingText')}</p> : null}
      {mine?.status === 'refused' && mine.reasonCode ? (
        <RefusalNote
          label={t('proof.reason')}
          reason={INCOME_PROOF_REFUSE_REASONS[mine.reasonCode][lang]}
          note={mine.note}
        >
          <p>{t('proof.again')}</p>
        </RefusalNote>
      ) : null}
      {mine?.status === 'waiting' ? null : <ProofUpload onSent={reload} />}
    </section>
  );
}
