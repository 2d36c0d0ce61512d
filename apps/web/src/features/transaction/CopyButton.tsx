import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';

/** Copies `text` to the clipboard and says so (or says to copy by hand when the browser refuses). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT('transaction');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="copy">
      <button
        type="button"
        className="button button--small"
        onClick={() => void copy()}
        aria-label={`${t('order.copy')}: ${label}`}
      >
        {t('order.copy')}
      </button>
      <span className="copy__state" role="status">
        {state === 'copied' ? t('order.copied') : state === 'failed' ? t('order.copyFailed') : ''}
      </span>
    </span>
  );
}
