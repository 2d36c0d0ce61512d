import type { HtmlPage, HtmlPageInput } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { sanitizeHtml } from './sanitize.ts';

/** Staff-written pages ('manual', 'calculator', ...), bilingual, stored and served sanitised. */
export async function findPage(db: Kysely<DB>, link: string): Promise<HtmlPage | undefined> {
  const row = await db.selectFrom('html_pages').selectAll().where('link', '=', link).executeTakeFirst();
  if (!row) return undefined;
  return {
    link: row.link,
    title: { en: row.title_en, th: row.title_th },
    body: { en: sanitizeHtml(row.body_en), th: sanitizeHtml(row.body_th) },
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Creates the page or replaces its content, with an audit row, in one transaction. */
export async function publishPage(db: Kysely<DB>, actor: Actor, input: HtmlPageInput): Promise<void> {
  const values = {
    title_en: input.titleEn,
    title_th: input.titleTh,
    body_en: sanitizeHtml(input.bodyEn),
    body_th: sanitizeHtml(input.bodyTh),
  };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('html_pages')
      .select(['title_en', 'title_th'])
      .where('link', '=', input.link)
      .executeTakeFirst();
    await trx
      .insertInto('html_pages')
      .values({ link: input.link, ...values })
      .onConflict((oc) => oc.column('link').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
    // The bodies can be long: the audit row keeps the titles and the body sizes.
    await recordAudit(trx, actor, {
      action: before ? 'page.update' : 'page.create',
      target: `page:${input.link}`,
      before: before ?? null,
      after: {
        title_en: values.title_en,
        title_th: values.title_th,
        body_en_length: values.body_en.length,
        body_th_length: values.body_th.length,
      },
    });
  });
}
