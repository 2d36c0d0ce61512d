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
  values: { titleEn: string; titleTh: string; bodyEn: string; bodyTh: string; publishedAt: Date | null },
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

/** Every news item, drafts too, newest first. */
export function findNewsPage(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom('news')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countNews(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The news item, locked until the transaction ends (so two changes of it run one after the other). */
export function findNewsForUpdate(db: Kysely<DB>, id: number) {
  return db.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateNewsRow(
  db: Kysely<DB>,
  id: number,
  values: Partial<{
    title_en: string;
    title_th: string;
    body_en: string;
    body_th: string;
    published_at: Date | null;
  }>,
) {
  return db
    .updateTable('news')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteNewsRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('news').where('id', '=', id).execute();
}

export function findNewsById(db: Kysely<DB>, id: number) {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
