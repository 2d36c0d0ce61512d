import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { THAI_JSX } from './packages/ui/src/thai-jsx/options.ts';

// One runner, seven projects. The API suite runs twice: on PGlite always, and on the real
// PostgreSQL when TEST_DATABASE_URL is set; without it the api-pg project runs one skipped test
// that says so. No run passes without tests (vitest's default): a mistyped file name fails.
//
// The jsdom projects (ui, web, admin) run with `isolate: false`: a worker keeps one page and one
// module graph for all its files instead of building them for each file (about half of their
// time). That is safe because the setup files make every test start from a fresh page and fresh
// app state (packages/ui/test/freshPage.ts), and a test file may not mock modules (vi.mock would
// leak into the files after it); it stubs browser functions with vi.stubGlobal or vi.spyOn instead.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) process.stdout.write('PostgreSQL suites did not run: TEST_DATABASE_URL is not set\n');

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          // scripts/docs.test.ts: the docs name only paths and scripts that exist.
          include: ['packages/contract/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // test/fuzz: generated requests against the member and admin maps (PGlite here, both below).
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/fuzz/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/api/test/setup.ts'],
          env: { TEST_DB: 'pglite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          // apps/api/test: the fuzz suites, and the multi-process tests (real servers), PostgreSQL only.
          include: postgresUrl
            ? ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts']
            : ['apps/api/test/postgres-unset.ts'],
          environment: 'node',
          setupFiles: ['apps/api/test/setup.ts'],
          env: { TEST_DB: 'pg' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/ui/test/setup.ts'],
          isolate: false,
          // Waits end when the state is reached; the bounds are for a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react(THAI_JSX)],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          isolate: false,
          // Waits end when the state is reached (findBy/waitFor up to 10 s, see the kit's
          // test/freshPage.ts); a test renders the whole app, so it gets a few of those.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react(THAI_JSX)],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/admin/test/setup.ts'],
          isolate: false,
          // Waits end when the state is reached (the kit's test/freshPage.ts bounds them).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // One file at a time (two at a time on two cores starved the API suites beside them); a
          // worker slot has its own server (e2e/global-setup.ts), so more slots need no other
          // change. Its own group, since the other projects keep vitest's default number of workers.
          maxWorkers: 1,
          // The worker keeps playwright-core and the helpers loaded for all its files instead of
          // importing them again for each (about 1.5 s a file). The helpers hold no state between
          // files, and a journey file does not mock modules (see docs/testing.md).
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
