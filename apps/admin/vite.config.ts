import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { THAI_JSX } from '../../packages/ui/src/thai-jsx/options.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  // Served by the API server under /admin/ (plugins/static.ts), beside the member app at /.
  base: '/admin/',
  // Thai compounds kept whole on a line, as in the member app (decisions 0034, 0072).
  plugins: [react(THAI_JSX)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The CSP allows fonts and scripts from our own origin only: no data: URLs for assets.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': api, '/config.json': api },
  },
});
