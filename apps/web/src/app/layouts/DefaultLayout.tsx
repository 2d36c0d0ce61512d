import { Snackbar } from '@bahtdesk/ui/components';
import { Footer } from '../../components/Footer.tsx';
import { BottomNav, TopBar } from '../../components/Navigation.tsx';
import { PendingOrderBar, usePendingOrderUnknown } from '../../components/PendingOrderBar.tsx';
import { ProfileProblem } from '../../components/ProfileProblem.tsx';
import { RequireDialogs } from '../../components/RequireDialogs.tsx';
import { ResponseDialog } from '../../components/ResponseDialog.tsx';
import { useMemberLive } from '../../lib/memberLive.ts';
import { clientStore } from '../../lib/store.ts';
import { PageOutlet } from './PageOutlet.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useTools } from './useTools.tsx';

/** Default layout (docs/product.md, Screens): top bar with the member's pending order, snackbar, response dialog, bottom navigation, and
 * the identity-required and address-required dialogs. */
export function DefaultLayout() {
  const { tool, openTool, dialogs } = useTools();
  useMemberLive();
  const hold = usePendingOrderUnknown();
  return (
    <div className={hold ? 'layout layout--holding' : 'layout'}>
      <SkipLink />
      <TopBar openTool={tool} onOpenTool={openTool} />
      <ProfileProblem />
      <PendingOrderBar />
      <PageOutlet hold={hold} />
      <Footer />
      <BottomNav openTool={tool} onOpenTool={openTool} />
      <Snackbar store={clientStore} />
      <ResponseDialog />
      <RequireDialogs />
      {dialogs}
    </div>
  );
}
