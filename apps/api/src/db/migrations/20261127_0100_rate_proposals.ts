import { type Kysely, sql } from 'kysely';

/**
 * Rate proposals (decision 0045): a rate change past the web setting rateChangeMaxPercent waits
 * here until an admin other than the proposer approves or discards it. `status` is 'pending' until
 * then; 'superseded' when another rate change or a later proposal landed first. `from_*` are the
 * rates in force when it was proposed. At most one proposal is pending (a partial unique index).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table rate_proposals (
    id bigint generated always as identity primary key,
    buy_rate numeric(20,2) not null check (buy_rate > 0),
    sell_rate numeric(20,2) not null check (sell_rate > 0 and sell_rate <= buy_rate),
    sell_fee_percent numeric(6,3) not null check (sell_fee_percent >= 0 and sell_fee_percent < 100),
    from_buy_rate numeric(20,2) not null,
    from_sell_rate numeric(20,2) not null,
    from_sell_fee_percent numeric(6,3) not null,
    proposed_by_staff_id bigint references staff (id),
    proposed_by text not null,
    status text not null default 'pending'
      check (status in ('pending', 'approved', 'discarded', 'superseded')),
    decided_by_staff_id bigint references staff (id),
    decided_by text,
    decided_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  "create unique index rate_proposals_one_pending_idx on rate_proposals ((true)) where status = 'pending'",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
