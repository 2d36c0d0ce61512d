import type { IncomingHttpHeaders } from 'node:http';

/**
 * The visitor's country for `maintenanceStatus` (it picks the member app's language), lower-case ('th', 'us') or ''.
 * 1. A country header set by the proxy in front of us (Cloudflare's `cf-ipcountry`, or
 *    `x-country`), only when TRUST_PROXY says there is such a proxy: otherwise anyone could send it.
 * 2. Otherwise 'th' when the browser's preferred language is Thai.
 * 3. Otherwise the region of the first Accept-Language entry that has one ('en-US' -> 'us'), else ''.
 */
export function visitorCountry(
  headers: IncomingHttpHeaders,
  trustProxy: boolean | number | string[],
): string {
  if (trustsProxy(trustProxy)) {
    for (const name of ['cf-ipcountry', 'x-country']) {
      const value = headers[name];
      const country = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
      // 'xx' (unknown) and 't1' (Tor) are Cloudflare's non-countries.
      if (country && /^[a-z]{2}$/.test(country) && country !== 'xx') return country;
    }
  }
  const languages = preferredLanguages(headers['accept-language']);
  if (languages[0]?.language === 'th') return 'th';
  return languages.find((l) => l.region)?.region ?? '';
}

function trustsProxy(trustProxy: boolean | number | string[]): boolean {
  if (Array.isArray(trustProxy)) return trustProxy.length > 0;
  return typeof trustProxy === 'number' ? trustProxy > 0 : trustProxy;
}

interface LanguageRange {
  language: string;
  region: string | undefined;
  q: number;
}

/** Accept-Language entries, most preferred first (by q, then by order); malformed ones dropped. */
function preferredLanguages(header: string | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  for (const part of header.slice(0, 500).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const match = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-([a-z]{2}|\d{3}))?(?:-.*)?$/i.exec(tag.trim());
    if (!match?.[1]) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const region = match[2] && /^[a-z]{2}$/i.test(match[2]) ? match[2].toLowerCase() : undefined;
    ranges.push({ language: match[1].toLowerCase(), region, q });
  }
  return ranges
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.q - a.r.q || a.i - b.i)
    .map(({ r }) => r);
}
