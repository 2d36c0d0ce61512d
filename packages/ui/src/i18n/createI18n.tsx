import type { Lang } from '@bahtdesk/contract';
import { type ReactNode, use, useCallback } from 'react';
import { type Store, useStore } from '../store/createStore.ts';
import { type CatalogueLoaders, createCatalogue } from './catalogue.ts';
import { readLangCookie, writeLangCookie } from './langCookie.ts';
import { LanguageContext } from './language.ts';
import { type Dict, type Leaves, translate, type Vars } from './translate.ts';

/** The part of an app's client state the i18n reads and writes. */
export interface LanguageState {
  /** The language the app is shown in. */
  language: Lang;
  /** A language the user chose; wins over detection (the app keeps it in local storage). */
  forceLanguage: Lang | null;
}

/** The keys of namespace `N` of resources `R` (typed from the English catalogues). */
export type Key<R, N extends keyof R> = Leaves<R[N]>;
export type T<R, N extends keyof R> = (key: Key<R, N>, vars?: Vars) => string;

export interface I18nOptions<R> {
  store: Store<LanguageState>;
  /** Catalogues shipped in the main chunk, by `<lang>/<namespace>`: the first paint needs no fetch. */
  bundled?: Readonly<Record<string, Dict>>;
  /** The other catalogues, by `<lang>/<namespace>` (see `catalogueLoaders`). */
  loaders: CatalogueLoaders;
  /** Namespaces every page shows (the shell's): loaded before a language switch shows. */
  shell: readonly (keyof R & string)[];
  /** The document's title in the language just applied. */
  title?: (t: (ns: keyof R & string, key: string) => string) => string;
}

/** An app's translations; `R` is its resources (namespaces typed from the English catalogues). */
export interface I18n<R> {
  readonly store: Store<LanguageState>;
  /** The namespace's strings in `lang`: a promise `use()` reads at once once it has resolved. */
  loadNamespace(lang: Lang, ns: keyof R & string): Promise<Dict>;
  t(ns: keyof R & string, key: string, vars?: Vars): string;
  requestLanguage(): Lang | undefined;
  applyLanguage(lang: Lang): Promise<void>;
  chooseLanguage(lang: Lang): Promise<void>;
  resetLanguage(): void;
}

/**
 * Translations are data: one JSON catalogue per language and namespace, English being the typed
 * source (`R`). A namespace is fetched the first time a component asks for it in a language;
 * `useTranslation` suspends until then, so route chunks and their strings arrive together.
 */
export function createI18n<R>({ store, bundled = {}, loaders, shell, title }: I18nOptions<R>): I18n<R> {
  type Namespace = keyof R & string;
  const catalogue = createCatalogue(bundled, loaders);
  /** Namespaces asked for so far: a language switch loads them all before it shows. */
  const inUse = new Set<string>(shell);
  let settled = false;

  function loadNamespace(lang: Lang, ns: Namespace): Promise<Dict> {
    inUse.add(ns);
    return catalogue.load(lang, ns);
  }

  function t(ns: Namespace, key: string, vars?: Vars): string {
    const dict = catalogue.get(store.getState().language, ns);
    return dict ? translate(dict, key, vars) : '';
  }

  function requestLanguage(): Lang | undefined {
    const s = store.getState();
    return settled || s.forceLanguage || readLangCookie() ? s.language : undefined;
  }

  async function applyLanguage(lang: Lang): Promise<void> {
    settled = true;
    await Promise.all([...inUse].map((ns) => catalogue.load(lang, ns)));
    document.documentElement.lang = lang;
    writeLangCookie(lang);
    if (store.getState().language !== lang) store.setState({ language: lang });
    if (title) document.title = title(t);
  }

  function chooseLanguage(lang: Lang): Promise<void> {
    store.setState({ forceLanguage: lang });
    return applyLanguage(lang);
  }

  function resetLanguage(): void {
    settled = false;
  }

  return { store, loadNamespace, t, requestLanguage, applyLanguage, chooseLanguage, resetLanguage };
}

/** The translate function of a namespace in the current language. Suspends while it loads. */
export function useTranslation<R, N extends keyof R & string>(i18n: I18n<R>, ns: N): T<R, N> {
  const lang = useStore(i18n.store, (s) => s.language);
  const dict = use(i18n.loadNamespace(lang, ns));
  return useCallback((key: Key<R, N>, vars?: Vars) => translate(dict, key, vars), [dict]);
}

/** Gives the kit's components (fields, loading bar) the language of `store`. */
export function LanguageProvider({ store, children }: { store: Store<LanguageState>; children: ReactNode }) {
  const lang = useStore(store, (s) => s.language);
  return <LanguageContext value={lang}>{children}</LanguageContext>;
}
