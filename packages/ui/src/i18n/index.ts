export { type CatalogueLoaders, catalogueLoaders } from './catalogue.ts';
export {
  createI18n,
  type I18n,
  type I18nOptions,
  type Key,
  LanguageProvider,
  type LanguageState,
  type T,
  useTranslation,
} from './createI18n.tsx';
export { LANG_COOKIE, readLangCookie, writeLangCookie } from './langCookie.ts';
export { LanguageContext, useLanguage, useUiText } from './language.ts';
export { type Dict, translate, type Vars } from './translate.ts';
