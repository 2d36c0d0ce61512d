import { Modal } from '@bahtdesk/ui/components';
import { useApi } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { SafeHtml } from '../lib/SafeHtml.tsx';
import { useClientState } from '../lib/store.ts';

/**
 * A staff-written page from getHtmlPage (the manual, the terms, the privacy policy) in a dialog,
 * sanitised before it shows; `title` names it while it loads or when it cannot be had.
 */
export function HtmlPageDialog({
  link,
  title,
  onClose,
}: {
  link: string;
  title: string;
  onClose: () => void;
}) {
  const t = useT('common');
  const lang = useClientState((s) => s.language);
  const page = useApi('getHtmlPage', { query: { link }, dialog: false });
  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={page.status === 'ready' ? page.data.title[lang] : title}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.close')}
        </button>
      }
    >
      {page.status === 'ready' ? <SafeHtml className="prose" html={page.data.body[lang]} /> : null}
      {page.status === 'loading' ? <p>{t('app.loading')}</p> : null}
      {page.status === 'failed' ? <p>{t('page.unavailable')}</p> : null}
    </Modal>
  );
}
