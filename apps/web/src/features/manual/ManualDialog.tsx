import { HtmlPageDialog } from '../../components/HtmlPageDialog.tsx';
import { useT } from '../../lib/i18n.ts';

/** The manual: the staff-written 'manual' page. */
export default function ManualDialog({ onClose }: { onClose: () => void }) {
  const t = useT('common');
  return <HtmlPageDialog link="manual" title={t('nav.manual')} onClose={onClose} />;
}
