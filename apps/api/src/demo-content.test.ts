import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualPage } from './demo-content.ts';

/** The member app's words for a status, from its catalogues. */
function catalogue(lang: 'en' | 'th', file: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '../../web/src/locales', lang, `${file}.json`), 'utf8'),
  );
}

const ORDER_STATUSES = ['pending', 'request', 'success', 'reject', 'expired'] as const;
const KYC_STATUSES = ['unverified', 'waiting', 'verified', 'failed'] as const;

/** The statuses the manual names (in <em>), in the order it names them. */
const named = (body: string) => [...body.matchAll(/<em>([^<]+)<\/em>/g)].map((m) => m[1]);

describe('the manual', () => {
  for (const lang of ['en', 'th'] as const) {
    it(`names every status with the words the member app shows for it (${lang})`, () => {
      const order = catalogue(lang, 'transaction').status as Record<string, string>;
      const kyc = catalogue(lang, 'account').kyc as Record<string, string>;
      const body = lang === 'en' ? manualPage.bodyEn : manualPage.bodyTh;
      expect(named(body)).toEqual([
        ...KYC_STATUSES.map((s) => kyc[s]),
        ...ORDER_STATUSES.map((s) => order[s]),
      ]);
      // No raw status name the app never shows.
      for (const raw of [...ORDER_STATUSES, ...KYC_STATUSES])
        expect(body).not.toMatch(new RegExp(`<em>${raw}</em>`));
    });
  }
});
