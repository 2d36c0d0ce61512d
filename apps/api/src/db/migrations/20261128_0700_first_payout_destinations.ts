import { type Kysely, sql } from 'kysely';

/**
 * A member's first bank account and first USDT address, whenever saved, are usable at once; later
 * ones wait out the cooling-off period (decision 0017). `first_bank_account_at` and
 * `first_usdt_address_at` say when the member first saved one (null: never), so deleting every
 * entry does not make the next one a "first" again. Filled in from the entries held now and from
 * the audit log's successful adds and deletes (an entry deleted before this migration counts).
 * Frozen: never edit after it lands; add a new migration.
 */
const firstSeen = (table: string, action: string) =>
  `least(
    (select min(created_at) from ${table} e where e.member_id = m.id),
    (select min(created_at) from audit_log a
      where a.actor_type = 'member' and a.actor_id = m.id::text and a.outcome = 'success'
        and a.action in ('payments.add${action}', 'payments.delete${action}'))
  )`;

const statements = [
  'alter table members add column first_bank_account_at timestamptz',
  'alter table members add column first_usdt_address_at timestamptz',
  `update members m set first_bank_account_at = ${firstSeen('bank_accounts', 'BankAccount')},
    first_usdt_address_at = ${firstSeen('usdt_addresses', 'UsdtAddress')}`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
