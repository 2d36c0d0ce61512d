import type { Lang } from '@bahtdesk/contract';
import { createContext, useContext } from 'react';
import en from '../locales/en/ui.json';
import th from '../locales/th/ui.json';

/**
 * The page's language for the kit's own components (fields). An app provides it
 * with the `LanguageProvider` of its i18n; without one the kit speaks English.
 */
export const LanguageContext = createContext<Lang>('en');

export function useLanguage(): Lang {
  return useContext(LanguageContext);
}

/**
 * The few words the kit's components say themselves, in both languages (they are small enough to
 * ship with the kit, so no app has to carry them in its own catalogues).
 */
const uiText: Record<Lang, typeof en> = { en, th };

export function useUiText(): typeof en {
  return uiText[useLanguage()];
}
