// Bundles a bench entry (bench/<name>.ts: TypeScript that imports the API's sources) into
// bench/dist/<name>.mjs with esbuild, for a bench to run as a process or import. npm packages stay
// external; the workspace's own (TypeScript sources) are bundled in.
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './processes.mjs';

/** Bundles bench/<name>.ts; answers the path of the bundle. */
export async function bundle(name) {
  const outfile = join(repoRoot, `bench/dist/${name}.mjs`);
  await build({
    entryPoints: [join(repoRoot, `bench/${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'externalize-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bahtdesk/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}
