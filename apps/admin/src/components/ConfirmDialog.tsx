import { Modal } from '@bahtdesk/ui/components';
import { type ReactNode, useState } from 'react';
import { useT } from '../lib/i18n.ts';

export interface ConfirmProps {
  title: string;
  children: ReactNode;
  /** The button that does it ('Delete', 'Disable'). */
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before an action that cannot be undone; closes when the action is done. */
export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onClose }: ConfirmProps) {
  const t = useT('common');
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm()
      .then(onClose)
      .catch(() => setBusy(false));
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'button button--danger' : 'button button--primary'}
            disabled={busy}
            onClick={confirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
