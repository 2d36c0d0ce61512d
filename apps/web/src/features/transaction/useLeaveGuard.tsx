import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LeaveDialog } from '../../components/LeaveDialog.tsx';
import { holdHistory, takeHeldStep } from '../../lib/historyHold.ts';

/** Where leaving goes once the member says Leave: an app route, or a step back or forward. */
type Target = { to: string } | { delta: number };

/**
 * While `active` (a pending order on screen), leaving asks first (docs/product.md, Orders): a link to
 * another page of the app or the browser's Back and Forward buttons open a dialog (Stay / Leave:
 * the order stays in the history with its countdown running); closing or reloading the tab gets
 * the browser's own beforeunload prompt, since the member may not know the order keeps running.
 *
 * The declarative hash router has no blocker (decision 0006), so links are caught at the document
 * before the router sees them, and Back and Forward are held by `holdHistory`.
 */
export function useLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);

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
      setTarget({ to: href.slice(1) });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    const release = holdHistory((delta) => setTarget({ delta }));
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  return (
    <LeaveDialog
      ns="transaction"
      open={target !== null}
      onStay={() => setTarget(null)}
      onLeave={() => {
        const chosen = target;
        setTarget(null);
        if (!chosen) return;
        if ('to' in chosen) {
          navigate(chosen.to);
          return;
        }
        takeHeldStep(chosen.delta);
      }}
    />
  );
}
