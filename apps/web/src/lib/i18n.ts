import type { Lang } from '@bahtdesk/contract';
import { use, useCallback } from 'react';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import type { Resources } from '../locales/resources.ts';
import { withChunkReload } from './chunkReload.ts';
import { readLangCookie, writeLangCookie } from './language.ts';
import { getState, setState, useClientState } from './store.ts';

/**
 * Translations are data: `src/locales/<lang>/<namespace>.json`, English being the typed source
 * (locales/resources.ts). A namespace is fetched the first time a component asks for it in a
 * language; `useT` suspends until then, so route chunks and their strings arrive together.
 * The catalogue is small on purpose (see README: i18next did not fit the home-page budget).
 */
export type Namespace = keyof Resources;
type Dict = { readonly [key: string]: string | Dict };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type Key<N extends Namespace> = Leaves<Resources[N]>;
export type Vars = Record<string, string | number>;
export type T<N extends Namespace> = (key: Key<N>, vars?: Vars) => string;

/** English strings of the shell and the home page ship with the app: the first paint needs no fetch. */
const bundled: Record<string, Dict> = { 'en/common': enCommon, 'en/home': enHome };
const loaders = import.meta.glob<Dict>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/home.json'],
  { import: 'default' },
);
const loaded = new Map<string, Dict>();
const loading = new Map<string, Promise<Dict>>();

function fulfilled(dict: Dict): Promise<Dict> {
  return Object.assign(Promise.resolve(dict), { status: 'fulfilled', value: dict });
}
/** Namespaces asked for so far: a language switch loads them all before it shows. */
const inUse = new Set<Namespace>(['common']);

/**
 * The namespace's promise, cached. Once it has resolved it carries React's `status`/`value`
 * fields, so `use()` returns the strings at once instead of suspending again.
 */
export function loadNamespace(lang: Lang, ns: Namespace): Promise<Dict> {
  inUse.add(ns);
  const id = `${lang}/${ns}`;
  let promise = loading.get(id);
  const ready = bundled[id];
  if (!promise && ready) {
    loaded.set(id, ready);
    promise = fulfilled(ready);
    loading.set(id, promise);
  }
  if (!promise) {
    const loader = loaders[`../locales/${id}.json`];
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

export function translate(dict: Dict, key: string, vars?: Vars): string {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return vars ? node.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(vars[name] ?? all)) : node;
}

/** The translate function of a namespace in the current language. Suspends while it loads. */
export function useT<N extends Namespace>(ns: N): T<N> {
  const lang = useClientState((s) => s.language);
  const dict = use(loadNamespace(lang, ns));
  return useCallback((key: Key<N>, vars?: Vars) => translate(dict, key, vars), [dict]);
}

/** A string outside React (document title, API client). Empty until the namespace is loaded. */
export function t(ns: Namespace, key: string, vars?: Vars): string {
  const dict = loaded.get(`${getState().language}/${ns}`);
  return dict ? translate(dict, key, vars) : '';
}

let settled = false;

/** The language to put in Accept-Language: none until one is chosen or detected. */
export function requestLanguage(): Lang | undefined {
  const s = getState();
  return settled || s.forceLanguage || readLangCookie() ? s.language : undefined;
}

/** Shows the app in `lang`: loads the namespaces in use first, so nothing flashes. */
export async function applyLanguage(lang: Lang): Promise<void> {
  settled = true;
  await Promise.all([...inUse].map((ns) => loadNamespace(lang, ns)));
  document.documentElement.lang = lang;
  writeLangCookie(lang);
  if (getState().language !== lang) setState({ language: lang });
  document.title = t('common', 'app.title');
}

/** The member's own choice from the language switch: kept as forceLanguage. */
export function chooseLanguage(lang: Lang): Promise<void> {
  setState({ forceLanguage: lang });
  return applyLanguage(lang);
}

/** Forget what was detected (tests start each case from a fresh page). */
export function resetLanguage(): void {
  settled = false;
}
