import { type Kysely, sql } from 'kysely';

/**
 * The member's risk state (decision 0067), one row per member once staff have acted on them:
 * the level staff set (null: the level identity verification gives), who set it, when and why.
 * Flags and holds on a member belong beside it in this table. Summing a member's orders of a day
 * or a month reads the index on orders by member and creation time the first migration made.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table member_risk (
    member_id bigint primary key references members(id),
    level smallint check (level in (1, 2)),
    level_note text,
    level_set_by bigint references staff(id),
    level_set_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
