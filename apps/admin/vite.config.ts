import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { tablesAtBuildTime } from '../../packages/ui/build/tablesAtBuildTime.ts';
import { THAI_JSX } from '../../packages/ui/src/thai-jsx/options.ts';

const api = 'http://127.0.0.1:3000';

/**
 * The contract's modules every screen may need and that load nothing else (the error catalogue,
 * limits, paths, the runtime config): one chunk of their own, so a screen that shows a message or
 * fills a path does not load zod with the schemas that would otherwise share a chunk with them.
 */
const CONTRACT_CORE = [
  'errors.ts',
  'limits.ts',
  'fill-path.ts',
  'runtimeConfig.ts',
  'validators/messages.ts',
];
const isContractCore = (id: string): boolean =>
  CONTRACT_CORE.some((file) => id.endsWith(`/packages/contract/src/${file}`));

/**
 * What every form needs before it renders (fields, react-hook-form, form errors), in one chunk
 * instead of several small ones. Not `contractForm.ts`, which brings zod: lazyContractResolver
 * loads it on the first check.
 */
const FORM_MODULES = [
  '/packages/ui/src/forms/index.ts',
  '/packages/ui/src/forms/Field.tsx',
  '/packages/ui/src/forms/formError.ts',
  '/packages/ui/src/forms/lazyContractForm.ts',
];
const isFormModule = (id: string): boolean =>
  id.includes('/node_modules/react-hook-form/') || FORM_MODULES.some((m) => id.endsWith(m));

export default defineConfig({
  // Served by the API server under /admin/ (plugins/static.ts), beside the member app at /.
  base: '/admin/',
  // Thai compounds kept whole on a line, as in the member app (decisions 0034, 0072).
  plugins: [react(THAI_JSX), tablesAtBuildTime(`${import.meta.dirname}/src/lib/endpoints.ts`)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The CSP allows fonts and scripts from our own origin only: no data: URLs for assets.
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      // The contract's modules only declare constants, schemas and functions: any the console
      // does not use can be dropped (zod and decimal.js stay out of chunks that never need them).
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/contract/') ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'contract', test: isContractCore, includeDependenciesRecursively: false },
            { name: 'forms', test: isFormModule, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/config.json': api },
  },
});
