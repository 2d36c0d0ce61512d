import type { NewsInput, NewsItem } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, NewsTable } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { sanitizeHtml } from '../pages/sanitize.ts';

/** News written by staff: bilingual, bodies sanitised HTML; only published items are shown. */
function toItem(row: Selectable<NewsTable>): NewsItem {
  return {
    id: row.id,
    title: { en: row.title_en, th: row.title_th },
    body: { en: sanitizeHtml(row.body_en), th: sanitizeHtml(row.body_th) },
    publishedAt: (row.published_at ?? row.created_at).toISOString(),
  };
}

export async function listPublishedNews(
  db: Kysely<DB>,
  options: { limit: number; id?: number | undefined },
): Promise<NewsItem[]> {
  let query = db
    .selectFrom('news')
    .selectAll()
    .where('published_at', 'is not', null)
    .where('published_at', '<=', new Date())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.id !== undefined) query = query.where('id', '=', options.id);
  return (await query.execute()).map(toItem);
}

/** Publishes a news item now, with its audit row, in one transaction; returns its id. */
export async function publishNews(db: Kysely<DB>, actor: Actor, input: NewsInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('news')
      .values({
        title_en: input.titleEn,
        title_th: input.titleTh,
        body_en: sanitizeHtml(input.bodyEn),
        body_th: sanitizeHtml(input.bodyTh),
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'news.publish',
      target: `news:${id}`,
      after: { title_en: input.titleEn, title_th: input.titleTh },
    });
    return id;
  });
}
