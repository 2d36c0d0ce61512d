import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LeaveDialog } from '../../components/LeaveDialog.tsx';
import { holdHistory, takeHeldStep } from '../../lib/historyHold.ts';

/** Where leaving goes once the member says Leave: an app route, or a step back or forward. */
type Target = { to: string } | { delta: number };

/** The app route an in-app link goes to ('#/news' gives '/news'), or null for anything else. */
function appRoute(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link || link.getAttribute('target') === '_blank') return null;
  const href = link.getAttribute('href') ?? '';
  return href.startsWith('#/') ? href.slice(1) : null;
}

/**
 * While `active`, leaving the page asks first: closing or reloading the tab through the browser's
 * own beforeunload prompt; following any in-app link (top bar, bottom navigation, footer, the
 * page's own links) and the browser's Back and Forward buttons through a dialog (docs/product.md:
 * leaving sign-up midway asks first). The declarative router has no blocker, so links are caught
 * at the document before the router sees them, and Back and Forward are held by `holdHistory`.
 */
export function LeaveConfirm({
  active,
  here,
  onLeave,
}: {
  active: boolean;
  here: string;
  onLeave: () => void;
}) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const to = appRoute(event);
      if (to === null || to === here) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget({ to });
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
  }, [active, here]);

  const leave = () => {
    const chosen = target;
    setTarget(null);
    onLeave();
    if (!chosen) return;
    if ('to' in chosen) navigate(chosen.to);
    else takeHeldStep(chosen.delta);
  };

  return <LeaveDialog ns="signUp" open={target !== null} onStay={() => setTarget(null)} onLeave={leave} />;
}
