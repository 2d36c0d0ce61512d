import { type Kysely, sql } from 'kysely';

/**
 * Identity review (issue 12):
 * - `kyc_submissions.reason_code`: the staff's reason for failing a submission, one of the
 *   contract's KYC_REJECT_REASONS, which the member reads in their own language; `reason` keeps
 *   the staff's note as typed.
 * - `usdt_addresses.uid`: the member's user id on the exchange platform that holds the address
 *   (decision 0031). Entries saved before it have none and are asked for it on their next edit.
 * - Reading a member's files by owner, and the queue by status and age, use indexes.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table kyc_submissions add column reason_code text',
  'alter table usdt_addresses add column uid text',
  "create index kyc_submissions_waiting_idx on kyc_submissions (created_at) where status = 'waiting'",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
