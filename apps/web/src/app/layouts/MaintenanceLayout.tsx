import { Footer } from '../../components/Footer.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useT } from '../../lib/i18n.ts';
import { PageOutlet } from './PageOutlet.tsx';

/**
 * The maintenance layout: bare of navigation (every page leads here while it lasts), but with the
 * logo, the language switch and the footer, whose contact dialog still reaches the desk.
 */
export function MaintenanceLayout() {
  const t = useT('common');
  return (
    <div className="layout layout--bare">
      <header className="topbar">
        <div className="topbar__inner">
          <span className="topbar__brand">
            <span aria-hidden="true" className="topbar__logo">
              ฿
            </span>
            {t('app.name')}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <PageOutlet />
      <Footer />
    </div>
  );
}
