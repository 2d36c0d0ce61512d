import { Snackbar } from '@bahtdesk/ui/components';
import { Footer } from '../../components/Footer.tsx';
import { TopBar } from '../../components/Navigation.tsx';
import { Overlay } from '../../components/Overlay.tsx';
import { ResponseDialog } from '../../components/ResponseDialog.tsx';
import { clientStore } from '../../lib/store.ts';
import { PageOutlet } from './PageOutlet.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useTools } from './useTools.tsx';

/**
 * Authentication layout (docs/product.md, Screens): top bar, loading overlay, response dialog; and the
 * snackbar, so a message such as 'password changed' still shows after moving to /login.
 */
export function AuthLayout() {
  const { tool, openTool, dialogs } = useTools();
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <TopBar openTool={tool} onOpenTool={openTool} />
      <PageOutlet />
      <Footer />
      <Overlay />
      <Snackbar store={clientStore} />
      <ResponseDialog />
      {dialogs}
    </div>
  );
}
