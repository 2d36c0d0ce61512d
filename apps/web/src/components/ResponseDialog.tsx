import { Modal } from '@bahtdesk/ui/components';
import { useT } from '../lib/i18n.ts';
import { setState, useClientState } from '../lib/store.ts';

/**
 * The global 'Sorry for the inconvenience' dialog with the server's message (docs/product.md,
 * Member rules).
 */
export function ResponseDialog() {
  const t = useT('common');
  const message = useClientState((s) => s.globalDialogMessage);
  const close = () => setState({ globalDialogMessage: null });
  return (
    <Modal
      open={message !== null}
      onClose={close}
      role="alertdialog"
      title={t('dialog.sorry')}
      actions={
        <button type="button" className="button button--primary" onClick={close}>
          {t('dialog.close')}
        </button>
      }
    >
      <p className="modal__message">{message}</p>
    </Modal>
  );
}
