import { type Kysely, sql } from 'kysely';

/**
 * Compliance reports (decision 0069):
 * - `amlo_filings`: one row per AMLO queue entry staff filed, keyed by the entry ('order:<id>' for
 *   one cash order at or over the threshold, 'day:<member>:<YYYY-MM-DD>' for a member's cash
 *   orders that together reach it within a Bangkok day). The primary key makes filing happen once.
 * - `daily_closes`: one row per Bangkok day and desk channel ('bank' or 'network:<id>') with the
 *   totals the desk expected, the statement's total staff entered and the difference. Once only.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table amlo_filings (
    entry_key text primary key,
    member_id bigint not null references members (id),
    day text not null,
    order_ids jsonb not null,
    total_thb numeric(20,2) not null,
    reference text not null,
    filed_by bigint not null references staff (id),
    filed_at timestamptz not null default now()
  )`,
  `create table daily_closes (
    day text not null,
    channel text not null,
    orders integer not null,
    expected numeric(30,8) not null,
    statement_total numeric(30,8) not null,
    difference numeric(30,8) not null,
    closed_by bigint not null references staff (id),
    closed_at timestamptz not null default now(),
    primary key (day, channel)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
