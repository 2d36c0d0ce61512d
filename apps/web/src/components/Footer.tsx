import { APP_VERSION } from '@bahtdesk/contract';
import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../lib/i18n.ts';
import type { FooterPage } from './FooterPageDialog.tsx';

const ContactDialog = lazy(() => withChunkReload(() => import('./ContactDialog.tsx')));
const FooterPageDialog = lazy(() => withChunkReload(() => import('./FooterPageDialog.tsx')));

const PAGES: readonly FooterPage[] = ['terms', 'privacy'];

/**
 * Footer: 24-hour support copy, the contact dialog, the company, the terms and the privacy policy
 * (staff-written pages), the version and the copyright line.
 */
export function Footer() {
  const t = useT('common');
  const [contactOpen, setContactOpen] = useState(false);
  const [page, setPage] = useState<FooterPage | null>(null);
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
      <p className="footer__company">{t('footer.company')}</p>
      <nav className="footer__links" aria-label={t('footer.legal')}>
        {PAGES.map((name) => (
          <button
            key={name}
            type="button"
            className="footer__link"
            aria-haspopup="dialog"
            onClick={() => setPage(name)}
          >
            {t(`footer.${name}`)}
          </button>
        ))}
      </nav>
      <p className="footer__meta">
        <span>{t('footer.version', { version: APP_VERSION })}</span>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      </p>
      <Suspense fallback={null}>
        {contactOpen ? <ContactDialog onClose={() => setContactOpen(false)} /> : null}
        {page ? <FooterPageDialog page={page} onClose={() => setPage(null)} /> : null}
      </Suspense>
    </footer>
  );
}
