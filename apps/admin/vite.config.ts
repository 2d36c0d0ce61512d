import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  // Served by the API server under /admin/ (plugins/static.ts), beside the member app at /.
  base: '/admin/',
  plugins: [react()],
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
