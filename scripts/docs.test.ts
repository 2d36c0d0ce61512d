import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files and commands that must exist: a newcomer follows them. Every repository path
 * a doc writes in backticks (from the root, or a shorter tail such as `modules/rates/routes.ts`
 * under a folder the doc names) and every `npm run <script>` must be found in this checkout.
 */

const root = join(import.meta.dirname, '..');
/** Not in the repository, or made by a build or a run: never looked for. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-results']);

function walk(dir: string, files: string[], dirs: string[]): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      dirs.push(path);
      walk(path, files, dirs);
    } else files.push(path);
  }
}

const files: string[] = [];
const dirs: string[] = [];
walk('', files, dirs);
const paths = [...files, ...dirs];

/** README.md files and everything under docs/. */
const docs = files.filter((f) => f.endsWith('.md') && (f.startsWith('docs/') || f.endsWith('README.md')));

/**
 * Whether a repository path, or a tail of one, names a file or folder that exists; or a file of an
 * installed package (`axe-core/axe.min.js`).
 */
function exists(name: string): boolean {
  const path = name.replace(/^\.\//, '').replace(/\/$/, '');
  return (
    paths.some((p) => p === path || p.endsWith(`/${path}`)) || existsSync(join(root, 'node_modules', path))
  );
}

const EXTENSION = /\.(ts|tsx|mjs|cjs|js|json|md|css|html|sql|sh|yml|yaml|png|svg)$/;
const MEDIA_TYPE = /^(text|image|application|multipart|font)\//;

/**
 * A backtick span that reads as a repository path: no spaces or placeholders (`<domain>`, `*`,
 * `{en,th}`), a folder separator or a file extension, and not an URL path, a package name, a
 * media type, a path under a configured folder (`DATA_DIR/...`) or something a build or a run makes.
 */
function isRepositoryPath(span: string): boolean {
  if (!/^[\w.@/-]+$/.test(span)) return false;
  if (!span.includes('/') && !EXTENSION.test(span)) return false;
  if (span.startsWith('/') || span.startsWith('@') || MEDIA_TYPE.test(span)) return false;
  if (/^[A-Z][A-Z0-9_]*\//.test(span)) return false;
  return !span.split('/').some((segment) => SKIPPED_DIRS.has(segment));
}

/** `npm run build -w @bahtdesk/web` -> the scripts of that workspace; otherwise the root's. */
function scriptsOf(workspace: string | undefined): Record<string, string> {
  const dir = workspace
    ? files
        .filter((f) => /^(apps|packages)\/[^/]+\/package\.json$/.test(f))
        .map((f) => f.replace(/\/package\.json$/, ''))
        .find(
          (d) =>
            d === workspace ||
            JSON.parse(readFileSync(join(root, d, 'package.json'), 'utf8')).name === workspace,
        )
    : '';
  if (dir === undefined) return {};
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts ?? {};
}

describe('the docs name what exists', () => {
  it('finds the docs (README.md files and docs/)', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });

  it('tells a path that exists, whole or as a tail, from one that does not', () => {
    const named = (span: string) => isRepositoryPath(span) && exists(span);
    expect(
      ['apps/api/src/app.ts', 'modules/rates/routes.ts', 'db/', 'axe-core/axe.min.js'].map(named),
    ).toEqual([true, true, true, true]);
    expect(['modules/audit/audit.ts', 'http/fuzz.test.ts', 'apps/api/src/nothing.ts'].map(named)).toEqual([
      false,
      false,
      false,
    ]);
    expect(
      ['/api/admin/rates', 'text/csv', '@bahtdesk/ui/forms', 'modules/<domain>/'].map(isRepositoryPath),
    ).toEqual([false, false, false, false]);
  });

  it.each(docs)('rule: every repository path %s writes in backticks exists', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
    const missing = spans.filter(isRepositoryPath).filter((span) => !exists(span));
    expect(missing, `${doc} names paths that do not exist: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(docs)('rule: every `npm run <script>` %s names is a script of its package.json', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const missing = [...text.matchAll(/npm run ([\w:-]+)(?: (?:-w|--workspace)[ =](\S+))?/g)]
      .filter(([, script, workspace]) => !(script && script in scriptsOf(workspace?.replace(/`$/, ''))))
      .map(([command]) => command);
    expect(missing, `${doc} names scripts that do not exist: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(docs)('rule: %s stands alone and cites no issue number', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const cited = [...text.matchAll(/\bissues? ?#?\d+/gi)].map(([match]) => match);
    expect(cited, `${doc} cites issues: ${cited.join(', ')}`).toEqual([]);
  });
});
