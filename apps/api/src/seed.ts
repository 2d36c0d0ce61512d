import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './db/connection.ts';
import { recordAudit } from './modules/audit/audit.ts';
import { createPasswordHasher } from './modules/auth/passwords.ts';
import { calculatorPage, demoNews, manualPage } from './modules/pages/demo-content.ts';
import { sanitizeHtml } from './modules/pages/sanitize.ts';

export interface SeedResult {
  /** false when the database had been seeded before: nothing was written. */
  seeded: boolean;
  /** The demo staff account, only on the run that created it: print the password once. */
  staff?: { username: string; password: string };
}

export const DEMO_STAFF_USERNAME = 'admin';

/**
 * Seeds the demo data once per database: rates (buy 36.50, sell 35.20, fee 1 %), two news items
 * and the manual and calculator pages in English and Thai, a chat-app link, maintenance 'on'
 * (service up), and one staff account with a random password. A marker row written in the same
 * transaction makes it run once, even when two servers start together on one PostgreSQL.
 * No member accounts and no passwords live in the code.
 */
export async function seedDemo(database: Database): Promise<SeedResult> {
  const { db } = database;
  const already = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', 'demoSeededAt')
    .executeTakeFirst();
  if (already) return { seeded: false };

  const password = randomBytes(12).toString('base64url');
  const passwordHash = await createPasswordHasher().hash(password);

  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto('settings')
      .values({ key: 'demoSeededAt', value: JSON.stringify(new Date().toISOString()) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!marker) return { seeded: false };

    const settings: Record<string, unknown> = {
      maintenance: 'on',
      chatLink: 'https://line.me/R/ti/p/@bahtdesk',
    };
    for (const [key, value] of Object.entries(settings)) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    await trx
      .insertInto('rates')
      .values({ buy_rate: '36.50', sell_rate: '35.20', sell_fee_percent: '1', set_by: 'system:seed' })
      .execute();
    for (const item of demoNews) {
      await trx
        .insertInto('news')
        .values({
          title_en: item.titleEn,
          title_th: item.titleTh,
          body_en: sanitizeHtml(item.bodyEn),
          body_th: sanitizeHtml(item.bodyTh),
          published_at: new Date(),
        })
        .execute();
    }
    for (const page of [manualPage, calculatorPage]) {
      await trx
        .insertInto('html_pages')
        .values({
          link: page.link,
          title_en: page.titleEn,
          title_th: page.titleTh,
          body_en: sanitizeHtml(page.bodyEn),
          body_th: sanitizeHtml(page.bodyTh),
        })
        .onConflict((oc) => oc.column('link').doNothing())
        .execute();
    }
    const staff = await trx
      .insertInto('staff')
      .values({ username: DEMO_STAFF_USERNAME, password_hash: passwordHash, role: 'admin' })
      .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    await recordAudit(
      trx,
      { type: 'system', id: null },
      {
        action: 'seed.demo',
        after: { rates: true, news: demoNews.length, pages: ['manual', 'calculator'], staff: Boolean(staff) },
      },
    );
    return staff ? { seeded: true, staff: { username: DEMO_STAFF_USERNAME, password } } : { seeded: true };
  });
}
