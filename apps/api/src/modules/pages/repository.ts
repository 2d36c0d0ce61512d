import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the html_pages table. Bodies are stored sanitised. */
export function findPageRow(db: Kysely<DB>, link: string) {
  return db.selectFrom('html_pages').selectAll().where('link', '=', link).executeTakeFirst();
}

export interface PageValues {
  title_en: string;
  title_th: string;
  body_en: string;
  body_th: string;
}

export function upsertPage(db: Kysely<DB>, link: string, values: PageValues) {
  return db
    .insertInto('html_pages')
    .values({ link, ...values })
    .onConflict((oc) => oc.column('link').doUpdateSet({ ...values, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every page, by link. */
export function findAllPages(db: Kysely<DB>) {
  return db.selectFrom('html_pages').selectAll().orderBy('link').execute();
}
