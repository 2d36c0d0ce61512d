// Sizes of the built member app: every JS and CSS asset raw, gzip (level 9) and brotli (quality 11),
// and the JavaScript the home page needs: the entry chunk plus its static imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

function compressed(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** Every .js and .css file under dist with its sizes, largest first. */
export function assetSizes(distDir) {
  return walk(distDir)
    .filter((path) => /\.(m?js|css)$/.test(path))
    .map((path) => ({ file: relative(distDir, path), ...compressed(readFileSync(path)) }))
    .sort((a, b) => b.brotli - a.brotli);
}

/**
 * The JS files the home page loads before it can run: from Vite's manifest when the build writes
 * one (the index.html entry and its static imports, transitively), otherwise from index.html's
 * module scripts and modulepreload links.
 */
export function homePageScripts(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
    if (entry) {
      const files = new Set();
      const visit = (key) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(entry);
      return { source: 'Vite manifest', files: [...files] };
    }
  }
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const target = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if ((isScript || isPreload) && target) files.add(target.replace(/^\.?\//, ''));
  }
  return { source: 'index.html', files: [...files] };
}

/** The built files a JS chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
function staticImports(distDir, file) {
  const code = readFileSync(join(distDir, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const found = [];
  for (const [, target] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.push(`${dir}${target.slice(2)}`);
  }
  return found;
}

/**
 * The JS files one screen of an app needs before it shows: what the page loads first
 * (`homePageScripts`) and the screen's own lazy chunk (the first asset whose name starts with
 * `chunkPrefix`, as Vite names a chunk after its module), each with its static imports, transitively.
 */
export function screenScripts(distDir, chunkPrefix) {
  const entry = homePageScripts(distDir);
  const chunk = walk(join(distDir, 'assets'))
    .map((path) => relative(distDir, path))
    .find((file) => file.startsWith(`assets/${chunkPrefix}-`) && file.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk named ${chunkPrefix} in ${distDir}`);
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of staticImports(distDir, file)) visit(imported);
  };
  // The entry's paths carry the app's base (`admin/assets/…` for the console): read them from `assets/`.
  for (const file of [...entry.files.map((f) => f.slice(f.indexOf('assets/'))), chunk]) visit(file);
  return { source: `${entry.source} and ${chunk}`, files: [...files] };
}
