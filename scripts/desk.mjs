// `npm run desk -- <command> [args]`: the operator command line. Bundles the API (fast, so it is
// always current), then runs apps/api/dist/desk.js with the given arguments and its exit code.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const desk = join(root, 'apps', 'api', 'dist', 'desk.js');

try {
  await buildApi({ quiet: true });
} catch (error) {
  console.error(`desk: build failed: ${error.message}`);
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', desk, ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
