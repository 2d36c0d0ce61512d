import { type Kysely, sql } from 'kysely';

/**
 * What the regulator's and the accountant's records need (decision 0096):
 * - `kyc_submissions.passport_number`: a passport's number as the member typed it (upper case, no
 *   spaces); null for a Thai ID card and for earlier submissions.
 * - `transactions.desk_*`: the desk's bank account a buy was shown to deposit into (bank, number,
 *   names) and the desk's receiving address a sell was shown, kept when the order is placed; null
 *   on earlier orders (not recorded).
 * - an index of completed orders by completion, which the daily close and the AMLO queue read by.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `alter table kyc_submissions add column passport_number text
    check (passport_number is null or (document_type = 'passport' and passport_number ~ '^[A-Z0-9]{6,12}$'))`,
  `alter table transactions add column desk_bank_code text`,
  `alter table transactions add column desk_account_number text`,
  `alter table transactions add column desk_account_name text`,
  `alter table transactions add column desk_account_name_th text`,
  `alter table transactions add column desk_address text`,
  `create index transactions_completed_idx on transactions (reviewed_at) where status = 'success'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
