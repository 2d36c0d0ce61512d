import { Modal } from '@bahtdesk/ui/components';
import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n.ts';
import { type ClientState, setState, useClientState } from '../lib/store.ts';

interface RequireDialogProps {
  flag: 'dialogRequireKyc' | 'dialogRequireBinanceId';
  title: string;
  text: string;
  confirm: string;
  target: string;
}

function RequireDialog({ flag, title, text, confirm, target }: RequireDialogProps) {
  const t = useT('common');
  const navigate = useNavigate();
  const open = useClientState((s: ClientState) => s[flag]);
  const close = () => setState({ [flag]: false });
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            {t('dialog.later')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              close();
              navigate(target);
            }}
          >
            {confirm}
          </button>
        </>
      }
    >
      <p className="modal__message">{text}</p>
    </Modal>
  );
}

/**
 * A transaction needs verified identity and a saved USDT address. A feature that finds one
 * missing sets `dialogRequireKyc` or `dialogRequireBinanceId`; these dialogs send the member to
 * the right section of the account page.
 */
export function RequireDialogs() {
  const t = useT('common');
  return (
    <>
      <RequireDialog
        flag="dialogRequireKyc"
        title={t('dialog.requireKycTitle')}
        text={t('dialog.requireKyc')}
        confirm={t('dialog.verify')}
        target="/account?action=openKyc"
      />
      <RequireDialog
        flag="dialogRequireBinanceId"
        title={t('dialog.requireAddressTitle')}
        text={t('dialog.requireAddress')}
        confirm={t('dialog.addNow')}
        target="/account?action=openBinanceId"
      />
    </>
  );
}
