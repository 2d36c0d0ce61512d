import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/600.css';
import '@bahtdesk/ui/components.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyLanguage } from './lib/i18n.ts';
import { getState } from './lib/store.ts';

const root = document.getElementById('root');
if (root) {
  void applyLanguage(getState().language).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
