import { Modal } from '@bahtdesk/ui/components';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';

/**
 * While `active` (a pending order on screen), leaving asks first (spec section 5): a link to
 * another page of the app opens a dialog (Stay / Leave: the order stays in the history with its
 * countdown running). A reload is not asked about: the order is in the address and comes back.
 */
export function useLeaveGuard(active: boolean) {
  const t = useT('transaction');
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
      if (!link || link.closest('[role="dialog"],[role="alertdialog"]')) return;
      const href = link.getAttribute('href') ?? '';
      if (href === location.hash) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(href.slice(1));
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  return (
    <Modal
      open={target !== null}
      onClose={() => setTarget(null)}
      title={t('leave.title')}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button button--primary" onClick={() => setTarget(null)}>
            {t('leave.stay')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const to = target;
              setTarget(null);
              if (to) navigate(to);
            }}
          >
            {t('leave.leave')}
          </button>
        </>
      }
    >
      <p>{t('leave.text')}</p>
    </Modal>
  );
}
