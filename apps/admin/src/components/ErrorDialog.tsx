import { Modal } from '@bahtdesk/ui/components';
import { useT } from '../lib/i18n.ts';
import { setState, useAdminState } from '../lib/store.ts';

/** The dialog an API error opens when the screen does not show it itself. */
export function ErrorDialog() {
  const t = useT('common');
  const message = useAdminState((s) => s.dialogMessage);
  const close = () => setState({ dialogMessage: null });
  return (
    <Modal
      open={message !== null}
      onClose={close}
      title={t('errorDialog.title')}
      role="alertdialog"
      actions={
        <button type="button" className="button button--primary" onClick={close}>
          {t('action.close')}
        </button>
      }
    >
      <p>{message || t('errorDialog.text')}</p>
    </Modal>
  );
}
