import { createI18n, type Dict, type Key as KeyOf, type T, useTranslation } from '@bahtdesk/ui/i18n';
import type { Resources } from '../locales/resources.ts';
import { adminStore } from './store.ts';

/**
 * The console's translations: `src/locales/<lang>/<namespace>.json`, English being the typed source
 * (locales/resources.ts), through the kit's i18n. Staff open the console on a desk computer, not a
 * phone on a slow line, so every catalogue ships with the app (a few KB) and a language switch never
 * waits for the network.
 */
type Namespace = keyof Resources;
export type Key<N extends Namespace> = KeyOf<Resources, N>;

const bundled: Record<string, Dict> = {};
for (const [path, dict] of Object.entries(
  import.meta.glob<Dict>('../locales/*/*.json', { import: 'default', eager: true }),
)) {
  const match = path.match(/([^/]+)\/([^/]+)\.json$/);
  if (match) bundled[`${match[1]}/${match[2]}`] = dict;
}

const i18n = createI18n<Resources>({
  store: adminStore,
  bundled,
  loaders: {},
  shell: ['common'],
  title: (t) => t('common', 'app.title'),
});

export const { applyLanguage, chooseLanguage, resetLanguage } = i18n;

/** `const t = useT('rates')`, then `t('form.title')`: keys are checked against the English catalogue. */
export function useT<N extends Namespace>(ns: N): T<Resources, N> {
  return useTranslation(i18n, ns);
}
