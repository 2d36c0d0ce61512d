import { type Kysely, sql } from 'kysely';
import { seedClosedDays } from '../../modules/calendar/index.ts';

/**
 * The desk's calendar of closed days (decision 0058): one row a Bangkok day, named in English and
 * Thai, from the Bank of Thailand's list (`official`), the holiday library (`library`) or a staff
 * member (`staff`). A day staff open again keeps its row with `removed_at`, so a later seed never
 * closes it again. Seeded here with the published years and the next ones.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table closed_days (
    day text primary key check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    name_en text not null,
    name_th text not null,
    source text not null check (source in ('library', 'official', 'staff')),
    removed_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await seedClosedDays(db);
}
