import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../lib/i18n.ts';

const ContactDialog = lazy(() => withChunkReload(() => import('../../components/ContactDialog.tsx')));

/**
 * What a member whose trading the desk has blocked sees when placing an order (code 50056, whose
 * message the quote form shows): how to reach the desk, with the chat contact one tap away.
 */
export function TradingBlocked() {
  const t = useT('transaction');
  const [contact, setContact] = useState(false);
  return (
    <div className="trading-blocked">
      <p>{t('blocked.text')}</p>
      <button
        type="button"
        className="button button--outline"
        aria-haspopup="dialog"
        onClick={() => setContact(true)}
      >
        {t('blocked.contact')}
      </button>
      {contact ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setContact(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
