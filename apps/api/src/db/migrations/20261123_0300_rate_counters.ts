import { type Kysely, sql } from 'kysely';

/**
 * Request counters in the database: the shared fallback of the Redis counters while Redis is away
 * (plugins/limits/counters.ts). One row per key and counting window; housekeeping deletes a row
 * once `expires_at` (one window after its own) has passed.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table rate_counters (
    key text not null,
    slot bigint not null,
    hits integer not null check (hits >= 0),
    expires_at timestamptz not null,
    primary key (key, slot)
  )`,
  'create index rate_counters_expires_at_idx on rate_counters (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
