// A relative import: the config loaders bundle relative files but load packages as they are (.ts).

import type { Plugin } from 'vite';
import { joinThaiTerms } from '../../../packages/contract/src/thai-terms.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function joinAll(value: Json): Json {
  if (typeof value === 'string') return joinThaiTerms(value);
  if (Array.isArray(value)) return value.map(joinAll);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, joinAll(v)]));
  }
  return value;
}

/**
 * Keeps Thai compounds whole on a line in the Thai catalogues (`include` matches their files): each
 * string goes through joinThaiTerms when the file is loaded, in the build, the dev server and the
 * tests alike, so the catalogue files stay readable and every reader of them sees the same text.
 */
export function thaiTermsPlugin(include: RegExp): Plugin {
  return {
    name: 'bahtdesk:thai-terms',
    enforce: 'pre',
    transform(code, id) {
      if (!include.test(id.split('?')[0] ?? id)) return null;
      return { code: JSON.stringify(joinAll(JSON.parse(code) as Json)), map: null };
    },
  };
}

/** The member app's Thai catalogues. */
export const WEB_THAI_CATALOGUES = /\/apps\/web\/src\/locales\/th\/[^/]+\.json$/;
