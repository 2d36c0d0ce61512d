import { type Kysely, sql } from 'kysely';

/**
 * The order desk (issue 13):
 * - `reason_code` / `reason_th`: why staff rejected an order, one of the contract's
 *   ORDER_REJECT_REASONS, and the Thai side of the staff's note (`reason` keeps the English side).
 * - `idempotency_key` / `confirm_key`: the Idempotency-Key headers of create and confirm; a retried
 *   create with the same key finds the member's order instead of making a second one.
 * - `proof_sha256` / `slip_qr`: the slip's bytes hash and the payload of its QR code, to flag a slip
 *   used for more than one order.
 * - `order_counters`: the last number given out per Bangkok day, for ids read over the phone
 *   ('B2611260001').
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table transactions add column reason_code text',
  'alter table transactions add column reason_th text',
  'alter table transactions add column idempotency_key text',
  'alter table transactions add column confirm_key text',
  'alter table transactions add column proof_sha256 text',
  'alter table transactions add column slip_qr text',
  `create unique index transactions_idempotency_key on transactions (member_id, idempotency_key)
    where idempotency_key is not null`,
  'create index transactions_proof_sha256_idx on transactions (proof_sha256) where proof_sha256 is not null',
  'create index transactions_slip_qr_idx on transactions (slip_qr) where slip_qr is not null',
  `create index transactions_open_idx on transactions (member_id) where status in ('pending', 'request')`,
  `create table order_counters (
    day text primary key,
    last integer not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
