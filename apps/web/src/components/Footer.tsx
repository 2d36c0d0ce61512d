import { APP_VERSION } from '@bahtdesk/contract';
import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../lib/i18n.ts';

const ContactDialog = lazy(() => withChunkReload(() => import('./ContactDialog.tsx')));

/** Footer: 24-hour support copy, the contact dialog, the version and the copyright line. */
export function Footer() {
  const t = useT('common');
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <footer className="footer">
      <p className="footer__support">{t('footer.support')}</p>
      <button
        type="button"
        className="button button--outline"
        aria-haspopup="dialog"
        onClick={() => setContactOpen(true)}
      >
        {t('footer.contact')}
      </button>
      <p className="footer__meta">
        <span>{t('footer.version', { version: APP_VERSION })}</span>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      </p>
      {contactOpen ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setContactOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
