import { resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

/** Strings, numbers, booleans, null, and arrays and plain objects of them. */
function isPlainData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainData);
}

/**
 * A browser calls endpoints by method and path; the contract declares those beside each endpoint's
 * zod schemas. An app's module that computes its tables from the contract (`src/lib/endpoints.ts`)
 * is evaluated at build time and replaced by its exports as literals, so neither zod nor the
 * endpoint definitions ship with the API client: the contract stays the one source of the paths,
 * and schemas load only with the forms that import them. Tests and the dev server run the real
 * module. Every export of the module must be plain data.
 */
export function tablesAtBuildTime(file: string): Plugin {
  const target = resolve(file);
  return {
    name: 'bahtdesk:tables-at-build-time',
    apply: 'build',
    async load(id) {
      if (id !== target) return null;
      const { module } = await runnerImport<Record<string, unknown>>(target, { configFile: false });
      return Object.entries(module)
        .map(([name, value]) => {
          if (!isPlainData(value)) throw new Error(`${file}: export ${name} is not plain data`);
          return `export const ${name} = ${JSON.stringify(value)};`;
        })
        .join('\n');
    },
  };
}
