import type { Lang } from '@bahtdesk/contract';

/**
 * The language last shown, kept in a plain cookie (written whenever a language is applied), so a
 * returning visitor's first paint is in the right language before anything is asked of the server.
 */
export const LANG_COOKIE = 'lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function readLangCookie(): Lang | null {
  const match = document.cookie.match(/(?:^|;\s*)lang=(en|th)(?:;|$)/);
  return match ? (match[1] as Lang) : null;
}

export function writeLangCookie(lang: Lang): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser yet
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}
