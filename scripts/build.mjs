// Builds what `npm start` serves:
// - each front end (apps/web, apps/admin when it exists) with its own `build` script, only when
//   one of its sources (or the contract's, the front-end kit's, or the lockfile) is newer than its last build, then
//   writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of its dist;
// - the API (apps/api/src/server.ts and cli/desk.ts) into apps/api/dist with esbuild, always
//   (it takes well under a second). npm packages stay external; the workspace's own packages
//   (@bahtdesk/*, TypeScript sources) are bundled in.
// `node scripts/build.mjs --api` builds only the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.source-stamp';
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.ttf',
  '.otf',
  '.map',
]);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Newest modification time (ms) of any file under the given paths, skipping build output. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIP_DIRS.has(entry)) visit(join(path, entry));
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  for (const p of paths) visit(p);
  return Math.floor(newest);
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Writes name.br and name.gz beside each compressible file, keeping only those that are smaller. */
export async function precompress(dir) {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.has(extname(f)));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      if (data.length < 256) return;
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      if (br.length < data.length) {
        writeFileSync(`${file}.br`, br);
        written++;
      }
      if (gzipped.length < data.length) {
        writeFileSync(`${file}.gz`, gzipped);
        written++;
      }
    }),
  );
  return written;
}

/** The front-end workspaces that exist and have a build script. */
function frontEnds() {
  return ['web', 'admin']
    .map((name) => ({ name, dir: join(root, 'apps', name) }))
    .filter(({ dir }) => {
      const pkgFile = join(dir, 'package.json');
      if (!existsSync(pkgFile)) return false;
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
      return Boolean(pkg.scripts?.build);
    })
    .map((f) => ({ ...f, pkg: JSON.parse(readFileSync(join(f.dir, 'package.json'), 'utf8')).name }));
}

export async function buildFrontEnds({ force = false } = {}) {
  for (const front of frontEnds()) {
    const dist = join(front.dir, 'dist');
    const sources = newestMtime([
      front.dir,
      join(root, 'packages', 'contract', 'src'),
      join(root, 'packages', 'ui', 'src'),
      join(root, 'package-lock.json'),
    ]);
    const stampFile = join(dist, STAMP);
    const stamp = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
    if (!force && existsSync(join(dist, 'index.html')) && stamp >= sources) {
      console.log(`build: ${front.pkg} is up to date`);
      continue;
    }
    console.log(`build: ${front.pkg} (sources changed since the last build)`);
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '-w', front.pkg], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0)
      throw new Error(`building ${front.pkg} failed (exit ${result.status ?? result.signal})`);
    const written = await precompress(dist);
    writeFileSync(stampFile, String(sources));
    console.log(`build: ${front.pkg} done in ${Date.now() - started} ms (${written} precompressed files)`);
  }
}

/** Bare imports stay external (resolved from node_modules at run time), except our workspaces. */
const externalizeNpmPackages = {
  name: 'externalize-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bahtdesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi({ quiet = false } = {}) {
  const started = Date.now();
  const src = join(root, 'apps', 'api', 'src');
  // apps/api/dist/server.js and apps/api/dist/desk.js
  const entryPoints = [
    { out: 'server', in: join(src, 'server.ts') },
    { out: 'desk', in: join(src, 'cli', 'desk.ts') },
  ].filter((e) => existsSync(e.in));
  await build({
    entryPoints,
    outdir: join(root, 'apps', 'api', 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalizeNpmPackages],
    logLevel: 'warning',
  });
  const names = entryPoints.map((e) => relative(src, e.in)).join(', ');
  if (!quiet) console.log(`build: api (${names}) bundled in ${Date.now() - started} ms`);
}

async function main() {
  const apiOnly = process.argv.includes('--api');
  if (!apiOnly) await buildFrontEnds({ force: process.argv.includes('--force') });
  await buildApi();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`build: ${error.message}`);
    process.exit(1);
  });
}
