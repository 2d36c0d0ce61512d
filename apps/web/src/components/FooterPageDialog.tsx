import { useT } from '../lib/i18n.ts';
import { HtmlPageDialog } from './HtmlPageDialog.tsx';

export type FooterPage = 'terms' | 'privacy';

/** The terms or the privacy policy, staff-written pages opened from the footer. */
export default function FooterPageDialog({ page, onClose }: { page: FooterPage; onClose: () => void }) {
  const t = useT('common');
  return <HtmlPageDialog link={page} title={t(`footer.${page}`)} onClose={onClose} />;
}
