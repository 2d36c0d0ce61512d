import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { tablesAtBuildTime } from '../../packages/ui/build/tablesAtBuildTime.ts';
import { THAI_JSX } from '../../packages/ui/src/thai-jsx/options.ts';

const api = 'http://127.0.0.1:3000';

/**
 * The Latin faces of the web font are preloaded with the scripts, so the first page is drawn in
 * its final font and nothing shifts when the font arrives. Thai faces load on demand (unicode-range).
 */
function preloadFonts(): Plugin {
  return {
    name: 'bahtdesk:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) =>
          /sarabun-latin-(400|600)-normal-.*\.woff2$/.test(f),
        );
        return fonts.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${f}`, crossorigin: 'anonymous' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The service worker (decision 0033): Workbox precaches the app shell, every route's chunk, the
 * styles and the fonts, so any page opens offline and a failed chunk load cannot happen; page
 * navigations fall back to the cached index.html. API answers are never cached (they carry
 * members' data and must be current); `/config.json` (the API address, no member data) is read
 * from the network first and from the cache offline. The manifest makes the app installable.
 */
const serviceWorker = VitePWA({
  registerType: 'autoUpdate',
  // The app registers it itself, once the first page is idle (src/lib/serviceWorker.ts).
  injectRegister: false,
  includeAssets: ['icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'BahtDesk: buy and sell USDT / ซื้อขาย USDT',
    short_name: 'BahtDesk',
    description: 'Buy and sell USDT with Thai baht at live rates. ซื้อขาย USDT ด้วยเงินบาท ในอัตราล่าสุด',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0b5d4b',
    background_color: '#ffffff',
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // The Thai name for launchers that read the localization members of the manifest.
    ...{
      name_localized: { th: 'BahtDesk: ซื้อขาย USDT ด้วยเงินบาท' },
      short_name_localized: { th: 'BahtDesk' },
      description_localized: { th: 'ซื้อขาย USDT ด้วยเงินบาท ในอัตราล่าสุด' },
    },
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,png,webmanifest}'],
    // Sarabun's Vietnamese faces are never drawn: the app has no Vietnamese text.
    globIgnores: ['**/*vietnamese*'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/admin/, /^\/config\.json$/, /^\/(healthz|readyz|metrics)$/],
    cleanupOutdatedCaches: true,
    // A new release takes over open pages at once (they load chunks they miss from the network).
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'runtime-config', networkTimeoutSeconds: 5 },
      },
    ],
  },
});

/**
 * What every form page (sign-in, sign-up, forgot password, the account) needs before it renders,
 * in one chunk instead of six: a page then waits for its own chunk and this one. Not
 * `contractForm.ts`, which brings zod: lazyContractResolver loads it on the first check.
 */
const FORM_MODULES = [
  '/packages/ui/src/forms/index.ts',
  '/packages/ui/src/forms/Field.tsx',
  '/packages/ui/src/forms/StepForm.tsx',
  '/packages/ui/src/forms/formError.ts',
  '/packages/ui/src/forms/lazyContractForm.ts',
  '/packages/contract/src/client-signature.ts',
  '/packages/contract/src/validators/messages.ts',
  '/apps/web/src/lib/signedCall.ts',
];
const isFormModule = (id: string): boolean =>
  id.includes('/node_modules/react-hook-form/') || FORM_MODULES.some((m) => id.endsWith(m));

function buildId(): string {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout: the build time alone identifies the build
  }
  return `${commit} ${new Date().toISOString()}`;
}

export default defineConfig({
  base: '/',
  plugins: [
    react(THAI_JSX),
    tablesAtBuildTime(`${import.meta.dirname}/src/lib/endpoints.ts`),
    preloadFonts(),
    serviceWorker,
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The CSP allows fonts and scripts from our own origin only: no data: URLs for assets.
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      // The contract's modules only declare constants, schemas and functions: any the app does
      // not use can be dropped (zod and decimal.js stay out of chunks that never need them).
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/contract/') ? false : undefined),
      },
      output: {
        // Everything the entry imports statically ('$initial') goes into the entry's chunk: the
        // first page costs one script, not a dozen small shared chunks, each a request (on
        // HTTP/1.1 a wait for one of six connections) before anything renders. Pages opened later
        // import what they share with the shell from it; what only they need stays in their own
        // chunks. Not their dependencies recursively: the contract's barrel would bring every
        // schema and zod, of which tree-shaking keeps nothing on the home path.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false },
            { name: 'forms', test: isFormModule, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/config.json': api, '/healthz': api },
  },
});
