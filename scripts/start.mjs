// `npm start`: builds what is not yet built (scripts/build.mjs), then runs the API server, which
// migrates, seeds the demo data once when SEED_DEMO says so (by default on PGlite only), prints
// what it runs on and serves everything on one port. SIGINT and SIGTERM are
// passed on to the server, which finishes in-flight requests and closes the database.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, buildFrontEnds } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

try {
  await buildFrontEnds();
  await buildApi();
} catch (error) {
  console.error(`start: build failed: ${error.message}`);
  process.exit(1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps', 'api', 'dist', 'server.js')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
