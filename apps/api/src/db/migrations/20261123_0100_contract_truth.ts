import { type Kysely, sql } from 'kysely';

/**
 * Brings the tables in line with the contract:
 * - a sell order's proof is a USDT transfer, so `usdt_transfer` is a payment method;
 * - staff have three roles (admin, operator, viewer);
 * - a member's identity-verification status is kept once: it is the status of their newest KYC
 *   submission ('unverified' when they have none), so `members.kyc_status` goes, and a member has
 *   at most one submission waiting for review.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table transactions drop constraint transactions_payment_method_check',
  `alter table transactions add constraint transactions_payment_method_check
    check (payment_method in ('cash_deposit', 'cash_appointment', 'usdt_transfer'))`,
  'alter table staff drop constraint staff_role_check',
  `alter table staff add constraint staff_role_check check (role in ('admin', 'operator', 'viewer'))`,
  'alter table members drop column kyc_status',
  `create unique index kyc_submissions_one_waiting_key on kyc_submissions (member_id) where status = 'waiting'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
