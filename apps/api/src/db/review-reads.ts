import type { Kysely, SelectType } from 'kysely';
import type { DB } from './schema.ts';

/** The tables of what staff review one at a time: identity submissions and income proofs. */
export type ReviewTable = 'kyc_submissions' | 'income_proofs';

/** How many items of `table` have `status` (with 'waiting': the length of its review queue). */
export async function countWithStatus<T extends ReviewTable>(
  db: Kysely<DB>,
  table: T,
  status: SelectType<DB[T]['status']>,
): Promise<number> {
  const row = await (db as Kysely<Pick<DB, ReviewTable>>)
    .selectFrom(table as ReviewTable)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
