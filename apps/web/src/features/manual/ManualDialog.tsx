import { Modal } from '@bahtdesk/ui/components';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { SafeHtml } from '../../lib/SafeHtml.tsx';
import { useClientState } from '../../lib/store.ts';

/** The manual: the staff-written 'manual' page from getHtmlPage, sanitised before it shows. */
export default function ManualDialog({ onClose }: { onClose: () => void }) {
  const t = useT('common');
  const lang = useClientState((s) => s.language);
  const page = useApi('getHtmlPage', { query: { link: 'manual' }, dialog: false }, { key: 'manual' });
  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={page.status === 'ready' ? page.data.title[lang] : t('nav.manual')}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.close')}
        </button>
      }
    >
      {page.status === 'ready' ? <SafeHtml className="prose" html={page.data.body[lang]} /> : null}
      {page.status === 'loading' ? <p>{t('app.loading')}</p> : null}
      {page.status === 'failed' ? <p>{t('manual.unavailable')}</p> : null}
    </Modal>
  );
}
