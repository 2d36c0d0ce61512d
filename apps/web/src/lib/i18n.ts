import {
  catalogueLoaders,
  createI18n,
  type Dict,
  type Key as KeyOf,
  type T,
  useTranslation,
} from '@bahtdesk/ui/i18n';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import type { Resources } from '../locales/resources.ts';
import { clientStore } from './store.ts';

/**
 * The member app's translations: `src/locales/<lang>/<namespace>.json`, English being the typed
 * source (locales/resources.ts), through the kit's small i18n (decisions 0006 and 0011). The
 * English strings of the shell and the home page ship with the app, so the first paint needs no
 * fetch; every other catalogue is fetched the first time a page asks for it.
 */
type Namespace = keyof Resources;
export type Key<N extends Namespace> = KeyOf<Resources, N>;

const i18n = createI18n<Resources>({
  store: clientStore,
  bundled: { 'en/common': enCommon as Dict, 'en/home': enHome as Dict },
  loaders: catalogueLoaders(
    import.meta.glob(['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/home.json'], {
      import: 'default',
    }),
  ),
  shell: ['common'],
});

export const { loadNamespace, requestLanguage, applyLanguage, chooseLanguage, resetLanguage } = i18n;

/** `const t = useT('news')`, then `t('list.title')`: keys are checked against the English catalogue. */
export function useT<N extends Namespace>(ns: N): T<Resources, N> {
  return useTranslation(i18n, ns);
}
