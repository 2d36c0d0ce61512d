import { type Kysely, sql } from 'kysely';

/**
 * The orders the desk alert channel was told waited too long (decision 0082): one row per order,
 * written in the transaction that queues the alert, so the alert goes once per order whatever the
 * number of processes sweeping (the primary key makes a second claim do nothing).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table order_wait_alerts (
    transaction_id bigint primary key references transactions (id) on delete cascade,
    alerted_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
