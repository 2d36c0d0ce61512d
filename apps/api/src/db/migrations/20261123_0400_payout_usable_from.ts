import { type Kysely, sql } from 'kysely';

/**
 * A bank account or USDT address receives payouts only from `usable_from`: a member's new or
 * changed entry waits out the cooling-off period (web setting `payoutCoolingOffHours`). Entries
 * saved before this migration, like sign-up's first entries, are usable at once.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table bank_accounts add column usable_from timestamptz not null default now()',
  'alter table usdt_addresses add column usable_from timestamptz not null default now()',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
