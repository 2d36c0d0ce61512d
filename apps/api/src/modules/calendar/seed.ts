import { bangkokDate } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { OFFICIAL_BANK_HOLIDAYS } from './bank-holidays.ts';
import { libraryBankHolidays } from './library-holidays.ts';

/** The years seeded: the Bank's published years, and the library's for the years after them. */
export function seedYears(now = new Date()): number[] {
  const year = Number(bangkokDate(now).slice(0, 4));
  const years = new Set([...Object.keys(OFFICIAL_BANK_HOLIDAYS).map(Number), year, year + 1, year + 2]);
  return [...years].sort((a, b) => a - b);
}

/**
 * Fills the closed days of `years` (decision 0058): the Bank of Thailand's list where it is
 * published, else the holiday library's. Idempotent: a day already in the table is left as it
 * is, including a day staff opened again (its row stays, marked removed), so running it again,
 * at every start, never undoes a correction.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration sees the database as it was, not as schema.ts says.
export async function seedClosedDays(db: Kysely<any>, years = seedYears()): Promise<number> {
  const rows = years.flatMap((year) => {
    const official = OFFICIAL_BANK_HOLIDAYS[year];
    return (official ?? libraryBankHolidays(year)).map((d) => ({
      day: d.date,
      name_en: d.name.en,
      name_th: d.name.th,
      source: official ? 'official' : 'library',
    }));
  });
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('closed_days')
    .values(rows)
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
