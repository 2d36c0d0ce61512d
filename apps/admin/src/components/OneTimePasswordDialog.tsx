import { Modal } from '@bahtdesk/ui/components';
import { useT } from '../lib/i18n.ts';

/**
 * A new staff account's one-time password, shown once to the admin who made the account (or
 * approved making it), to hand over in person.
 */
export function OneTimePasswordDialog({
  created,
  onClose,
}: {
  created: { username: string; password: string } | null;
  onClose: () => void;
}) {
  const t = useT('staff');
  return (
    <Modal
      open={created !== null}
      onClose={onClose}
      title={t('created.title')}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('created.done')}
        </button>
      }
    >
      <p>{t('created.text', { username: created?.username ?? '' })}</p>
      <p>
        <code className="secret" data-testid="one-time-password">
          {created?.password}
        </code>
      </p>
      <p className="muted">{t('created.once')}</p>
    </Modal>
  );
}
