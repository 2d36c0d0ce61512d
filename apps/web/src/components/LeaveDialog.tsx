import { Modal } from '@bahtdesk/ui/components';
import { useT } from '../lib/i18n.ts';
import type { Resources } from '../locales/resources.ts';

/** The namespaces whose catalogue has a `leave` block: its title, text and two buttons. */
type LeaveNamespace = {
  [N in keyof Resources]: Resources[N] extends {
    leave: { title: string; text: string; stay: string; leave: string };
  }
    ? N
    : never;
}[keyof Resources];

/**
 * Asks before leaving a page where something would be lost or left running: Stay (first, the
 * primary button, and what Escape does) closes the dialog; Leave goes on. The caller decides when
 * to ask and where leaving goes; the texts are its namespace's `leave` block.
 */
export function LeaveDialog({
  ns,
  open,
  onStay,
  onLeave,
}: {
  ns: LeaveNamespace;
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const t = useT(ns);
  return (
    <Modal
      open={open}
      onClose={onStay}
      title={t('leave.title')}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button button--primary" onClick={onStay}>
            {t('leave.stay')}
          </button>
          <button type="button" className="button button--outline" onClick={onLeave}>
            {t('leave.leave')}
          </button>
        </>
      }
    >
      <p className="modal__message">{t('leave.text')}</p>
    </Modal>
  );
}
