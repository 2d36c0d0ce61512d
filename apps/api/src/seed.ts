import { randomBytes } from 'node:crypto';
import { E } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import {
  calculatorPage,
  demoDeskBankAccounts,
  demoLocations,
  demoNews,
  demoReceivingAddresses,
  manualPage,
  privacyPage,
  termsPage,
} from './demo-content.ts';
import type { EventBus } from './events/bus.ts';
import { AppError } from './http/app-error.ts';
import { recordAudit } from './modules/audit/index.ts';
import type { Services } from './services.ts';

export interface SeedResult {
  /** false when the database had been seeded before: nothing was written. */
  seeded: boolean;
  /** The demo staff account, only on the run that created it: print the password once. */
  staff?: { username: string; password: string };
}

export const DEMO_STAFF_USERNAME = 'admin';

const SYSTEM = { type: 'system' as const, id: null };
const DEMO_RATES = { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' };
const DEMO_PAGES = [manualPage, calculatorPage, termsPage, privacyPage];

/**
 * Seeds the demo data once per database, through the modules' services: rates (buy 36.50, sell
 * 35.20, fee 1 %; as a person's unconfirmed change, so rates in force far from them are kept), two news items and the manual, calculator, terms and privacy pages in English and Thai, a
 * chat-app link, maintenance 'on' (service up), a desk bank account, a receiving address per
 * network, two cash-appointment locations, and one staff account with a random password.
 * A marker setting claimed in the same transaction makes it run once, even when two servers start
 * together on one PostgreSQL. No member accounts and no passwords live in the code. The server
 * calls it only when SEED_DEMO says so: by default on PGlite, never on PostgreSQL unless asked
 * (decision 0055).
 */
export async function seedDemo(
  db: Kysely<DB>,
  services: Pick<Services, 'settings' | 'rates' | 'news' | 'pages' | 'staff'>,
  events: Pick<EventBus, 'publish'>,
): Promise<SeedResult> {
  const password = randomBytes(12).toString('base64url');
  const result = await db.transaction().execute(async (trx): Promise<SeedResult> => {
    if (!(await services.settings.claimMarker(trx, 'demoSeededAt'))) return { seeded: false };
    await services.settings.setDefaults(trx, {
      maintenance: 'on',
      chatLink: 'https://line.me/R/ti/p/@bahtdesk',
      deskBankAccounts: demoDeskBankAccounts,
      receivingAddresses: demoReceivingAddresses,
      locations: demoLocations,
    });
    await services.rates.change(SYSTEM, DEMO_RATES, trx).catch((err: unknown) => {
      // Rates set before the first start (operator CLI) far from the demo's are kept: the seed
      // never confirms a change, as a person must (decision 0045).
      if (err instanceof AppError && err.def === E.RATE_CHANGE_UNCONFIRMED) return;
      throw err;
    });
    for (const item of demoNews) await services.news.publish(SYSTEM, item, trx);
    for (const page of DEMO_PAGES) await services.pages.publish(SYSTEM, page, trx);
    const staff = await services.staff
      .create(SYSTEM, { username: DEMO_STAFF_USERNAME, password, role: 'admin' }, trx)
      .catch((err: unknown) => {
        // A staff account of that name made by hand before the first start is kept.
        if (err instanceof AppError) return undefined;
        throw err;
      });
    await recordAudit(trx, SYSTEM, {
      action: 'seed.demo',
      after: {
        rates: true,
        news: demoNews.length,
        pages: DEMO_PAGES.map((page) => page.link),
        staff: Boolean(staff),
      },
    });
    return staff ? { seeded: true, staff: { username: DEMO_STAFF_USERNAME, password } } : { seeded: true };
  });
  if (result.seeded) {
    for (const name of ['settings.changed', 'rates.changed', 'news.changed', 'pages.changed'] as const) {
      await events.publish(name);
    }
  }
  return result;
}
