import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LeaveDialog } from '../../components/LeaveDialog.tsx';

/**
 * While `active` (a pending order on screen), leaving asks first (spec section 5): a link to
 * another page of the app opens a dialog (Stay / Leave: the order stays in the history with its
 * countdown running). A reload is not asked about: the order is in the address and comes back.
 */
export function useLeaveGuard(active: boolean) {
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
    <LeaveDialog
      ns="transaction"
      open={target !== null}
      onStay={() => setTarget(null)}
      onLeave={() => {
        const to = target;
        setTarget(null);
        if (to) navigate(to);
      }}
    />
  );
}
