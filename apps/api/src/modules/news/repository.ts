import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the news table. Bodies are stored sanitised. */
export function findPublishedNews(
  db: Kysely<DB>,
  options: { limit: number; id?: number | undefined },
  now: Date,
) {
  let query = db
    .selectFrom('news')
    .selectAll()
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.id !== undefined) query = query.where('id', '=', options.id);
  return query.execute();
}

export async function insertNews(
  db: Kysely<DB>,
  values: { titleEn: string; titleTh: string; bodyEn: string; bodyTh: string; publishedAt: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('news')
    .values({
      title_en: values.titleEn,
      title_th: values.titleTh,
      body_en: values.bodyEn,
      body_th: values.bodyTh,
      published_at: values.publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
