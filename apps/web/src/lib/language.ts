import type { Lang } from '@bahtdesk/contract';

/**
 * Which language to show (docs/product.md, Member rules): a language the member chose
 * (`forceLanguage`) wins; otherwise Thai when the visitor's country is `th`, else English. Until the
 * country is known (before maintenanceStatus answers, or when it fails) the language kept in the
 * cookie is used, so a returning visitor sees the right language from the first paint, and on a
 * first visit the browser's language stands in (the server infers the country from it too).
 */
export function resolveLanguage(input: {
  forced: Lang | null;
  cookie: Lang | null;
  country?: string | null | undefined;
  /** Before the country is known: the browser's own language, the server's best clue too. */
  browser?: string | undefined;
}): Lang {
  if (input.forced) return input.forced;
  if (typeof input.country === 'string' && input.country !== '') {
    return input.country.toLowerCase() === 'th' ? 'th' : 'en';
  }
  return input.cookie ?? (input.browser?.toLowerCase().startsWith('th') ? 'th' : 'en');
}
