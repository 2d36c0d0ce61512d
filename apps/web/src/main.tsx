// First: zod parses without eval (the CSP forbids it).
import './lib/zodJitless.ts';
// Sarabun, regular and semi-bold; each subset (Thai, Latin, ...) downloads only when a page uses it.
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/600.css';
import '@bahtdesk/ui/components.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prepare } from './app/start.ts';
import { registerServiceWorkerWhenIdle } from './lib/serviceWorker.ts';

const root = document.getElementById('root');
if (root) {
  // A transition lets React render the first page in slices, keeping the main thread responsive.
  void prepare().then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
}

registerServiceWorkerWhenIdle();
