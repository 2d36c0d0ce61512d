import type { ClosedDay, IsoDate } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const toDay = (r: {
  day: string;
  name_en: string;
  name_th: string;
  source: ClosedDay['source'];
}): ClosedDay => ({
  date: r.day,
  name: { en: r.name_en, th: r.name_th },
  source: r.source,
});

/** The closed days from `from` to `to` (both included), in date order. */
export async function findClosedDays(db: Kysely<DB>, from: IsoDate, to: IsoDate): Promise<ClosedDay[]> {
  const rows = await db
    .selectFrom('closed_days')
    .select(['day', 'name_en', 'name_th', 'source'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('removed_at', 'is', null)
    .orderBy('day')
    .execute();
  return rows.map(toDay);
}

/** The row of a day, closed or opened again, locked for the caller's transaction. */
export function lockClosedDay(db: Kysely<DB>, day: IsoDate) {
  return db.selectFrom('closed_days').selectAll().where('day', '=', day).forUpdate().executeTakeFirst();
}

/** Closes a day (a new row, or a removed one closed again). */
export async function closeDay(db: Kysely<DB>, day: ClosedDay): Promise<void> {
  const values = { name_en: day.name.en, name_th: day.name.th, source: day.source, removed_at: null };
  await db
    .insertInto('closed_days')
    .values({ day: day.date, ...values })
    .onConflict((oc) => oc.column('day').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** Opens a closed day again: its row stays, removed, so no later seed closes it again. */
export async function openDay(db: Kysely<DB>, day: IsoDate, now: Date): Promise<void> {
  await db
    .updateTable('closed_days')
    .set({ removed_at: now, updated_at: now })
    .where('day', '=', day)
    .execute();
}
