import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/latin-600.css';
import '@fontsource/sarabun/thai-600.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prepare } from './app/start.ts';

const root = document.getElementById('root');
if (root) {
  void prepare().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
