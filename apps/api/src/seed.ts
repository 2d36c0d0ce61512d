import { randomBytes } from 'node:crypto';
import { type SettingKey, settingSchemas } from '@bahtdesk/contract';
import { type Kysely, sql } from 'kysely';
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

/** A start that would seed the demo into a desk holding data of its own (decision 0092). */
export class SeedRefused extends Error {
  override name = 'SeedRefused';
}

/** The web settings a person sets (the demo marker is the seed's own). */
const PERSON_SETTINGS = Object.keys(settingSchemas).filter(
  (key): key is SettingKey => key !== 'demoSeededAt',
);

/**
 * What a desk already holds that the demo would mix with, in words; none on an empty desk. The
 * migrations' rows (the calendar's closed days) and the generated clientSignature key do not count.
 */
async function deskHolds(db: Kysely<DB>): Promise<string[]> {
  const exists = (table: keyof DB) => sql<boolean>`exists (select 1 from ${sql.table(table)})`;
  const row = await db
    .selectNoFrom([
      exists('staff').as('staff'),
      exists('members').as('members'),
      exists('rates').as('rates'),
      exists('news').as('news'),
      exists('html_pages').as('pages'),
      sql<boolean>`exists (select 1 from settings where key in (${sql.join(PERSON_SETTINGS)}))`.as(
        'settings',
      ),
    ])
    .executeTakeFirstOrThrow();
  const words = {
    staff: 'staff accounts',
    members: 'members',
    rates: 'rates',
    news: 'news',
    pages: 'pages',
    settings: 'web settings',
  } as const;
  return (Object.keys(words) as (keyof typeof words)[]).filter((key) => row[key]).map((key) => words[key]);
}

/**
 * Seeds the demo data once per database, through the modules' services: rates (buy 36.50, sell
 * 35.20, fee 1 %), three news items and the manual, calculator, terms and privacy pages in English
 * and Thai, a chat-app link, maintenance 'on' (service up), a desk bank account, a receiving
 * address per network, two cash-appointment locations, and one staff account with a random
 * password. A marker setting claimed in the same transaction makes it run once, even when two
 * servers start together on one PostgreSQL. No member accounts and no passwords live in the code.
 * The server calls it only when SEED_DEMO says so: by default on PGlite, never on PostgreSQL unless
 * asked (decision 0055). Only into an empty desk: on one never seeded that already holds staff,
 * members, rates, news, pages or web settings it writes nothing and throws SeedRefused, which
 * stops the start (decision 0092): the demo would add a second admin and print its password,
 * replace the rates and fee and add demo payment details.
 */
export async function seedDemo(
  db: Kysely<DB>,
  services: Pick<Services, 'settings' | 'rates' | 'news' | 'pages' | 'staff'>,
  events: Pick<EventBus, 'publish'>,
): Promise<SeedResult> {
  const password = randomBytes(12).toString('base64url');
  const result = await db.transaction().execute(async (trx): Promise<SeedResult> => {
    if (!(await services.settings.claimMarker(trx, 'demoSeededAt'))) return { seeded: false };
    const holds = await deskHolds(trx);
    if (holds.length > 0) {
      throw new SeedRefused(
        `The demo data goes only into an empty desk (SEED_DEMO is true: set so, or by default without DATABASE_URL), and this one already holds ${holds.join(', ')}: seeding it would add a second admin account and demo rates and payment details. Start it with SEED_DEMO=false.`,
      );
    }
    await services.settings.setDefaults(trx, {
      maintenance: 'on',
      chatLink: 'https://line.me/R/ti/p/@bahtdesk',
      deskBankAccounts: demoDeskBankAccounts,
      receivingAddresses: demoReceivingAddresses,
      locations: demoLocations,
    });
    await services.rates.change(SYSTEM, DEMO_RATES, trx);
    for (const item of demoNews) await services.news.publish(SYSTEM, item, trx);
    for (const page of DEMO_PAGES) await services.pages.publish(SYSTEM, page, trx);
    await services.staff.create(SYSTEM, { username: DEMO_STAFF_USERNAME, password, role: 'admin' }, trx);
    await recordAudit(trx, SYSTEM, {
      action: 'seed.demo',
      after: { rates: true, news: demoNews.length, pages: DEMO_PAGES.map((page) => page.link), staff: true },
    });
    return { seeded: true, staff: { username: DEMO_STAFF_USERNAME, password } };
  });
  if (result.seeded) {
    for (const name of ['settings.changed', 'rates.changed', 'news.changed', 'pages.changed'] as const) {
      await events.publish(name);
    }
  }
  return result;
}
