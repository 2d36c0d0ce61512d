import { type Kysely, sql } from 'kysely';

/**
 * The reference a rate change is also measured against (decision 0090). `rates.bounds_reference`
 * marks rates no single person's change put in force: those a second admin's approval put in
 * force, the system's own writes and the first rates ever (the oldest row, marked here). A change
 * past rateChangeMaxPercent from the newest marked rates of the last 24 hours, or from the rates
 * in force 24 hours ago when newer, waits for a second admin. `rate_proposals.reference_*` keep
 * the reference a proposal was measured against (null when it was the rates in force, and for
 * proposals made before). Both only add: an older version beside this one marks nothing, which
 * only makes the reference older.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table rates add column bounds_reference boolean not null default false',
  'update rates set bounds_reference = true where id = (select id from rates order by created_at, id limit 1)',
  'alter table rate_proposals add column reference_buy_rate numeric(20,2)',
  'alter table rate_proposals add column reference_sell_rate numeric(20,2)',
  'alter table rate_proposals add column reference_sell_fee_percent numeric(6,3)',
  'alter table rate_proposals add column reference_at timestamptz',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
