import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

/** The ten single-use recovery codes, shown this once: copy or download them, then say they are saved. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT('signIn');
  const [saved, setSaved] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => showSnackbar(t('recovery.copied')),
      () => showSnackbar(t('recovery.copyFailed'), 'error'),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'bahtdesk-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('recovery.title')}</h1>
      <p>{t('recovery.intro')}</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t('recovery.copy')}
        </button>
        <button type="button" className="button" onClick={download}>
          {t('recovery.download')}
        </button>
      </div>
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        {t('recovery.saved')}
      </label>
      <div className="form-actions">
        <button type="button" className="button button--primary" disabled={!saved} onClick={onDone}>
          {t('recovery.continue')}
        </button>
      </div>
    </section>
  );
}
