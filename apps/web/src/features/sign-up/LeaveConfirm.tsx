import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LeaveDialog } from '../../components/LeaveDialog.tsx';

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
 * own beforeunload prompt, and following any in-app link (top bar, bottom navigation, footer,
 * the page's own links) through a dialog. The declarative router has no blocker, so links are
 * caught at the document before the router sees them.
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
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const to = appRoute(event);
      if (to === null || to === here) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(to);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, here]);

  const leave = () => {
    const to = target;
    setTarget(null);
    onLeave();
    if (to) navigate(to);
  };

  return <LeaveDialog ns="signUp" open={target !== null} onStay={() => setTarget(null)} onLeave={leave} />;
}
