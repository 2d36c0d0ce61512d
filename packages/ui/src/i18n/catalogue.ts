import type { Lang } from '@bahtdesk/contract';
import { withChunkReload } from '../chunkReload.ts';
import type { Dict } from './translate.ts';

/** Catalogue loaders by `<lang>/<namespace>`. */
export type CatalogueLoaders = Readonly<Record<string, () => Promise<Dict>>>;

/**
 * Vite's `import.meta.glob('../locales/*\/*.json', { import: 'default' })` keyed by
 * `<lang>/<namespace>` instead of the file's path.
 */
export function catalogueLoaders(glob: Record<string, () => Promise<unknown>>): CatalogueLoaders {
  const byId: Record<string, () => Promise<Dict>> = {};
  for (const [path, load] of Object.entries(glob)) {
    const match = path.match(/([^/]+)\/([^/]+)\.json$/);
    if (match) byId[`${match[1]}/${match[2]}`] = load as () => Promise<Dict>;
  }
  return byId;
}

function fulfilled(dict: Dict): Promise<Dict> {
  return Object.assign(Promise.resolve(dict), { status: 'fulfilled', value: dict });
}

/**
 * The catalogues of an app: those `bundled` with its main chunk, the others fetched the first
 * time they are asked for in a language (a chunk that fails to load reloads the page once).
 */
export function createCatalogue(bundled: Readonly<Record<string, Dict>>, loaders: CatalogueLoaders) {
  const loaded = new Map<string, Dict>();
  const loading = new Map<string, Promise<Dict>>();

  /**
   * The namespace's promise, cached. Once it has resolved it carries React's `status`/`value`
   * fields, so `use()` returns the strings at once instead of suspending again.
   */
  function load(lang: Lang, ns: string): Promise<Dict> {
    const id = `${lang}/${ns}`;
    let promise = loading.get(id);
    const ready = bundled[id];
    if (!promise && ready) {
      loaded.set(id, ready);
      promise = fulfilled(ready);
      loading.set(id, promise);
    }
    if (!promise) {
      const loader = loaders[id];
      if (!loader) throw new Error(`No translations for ${id}`);
      const pending = withChunkReload(loader).then((dict) => {
        loaded.set(id, dict);
        Object.assign(pending, { status: 'fulfilled', value: dict });
        return dict;
      });
      promise = pending;
      loading.set(id, promise);
    }
    return promise;
  }

  /** The strings of a namespace if they have arrived. */
  function get(lang: Lang, ns: string): Dict | undefined {
    return loaded.get(`${lang}/${ns}`);
  }

  return { load, get };
}
