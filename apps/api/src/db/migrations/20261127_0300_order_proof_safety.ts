import { type Kysely, sql } from 'kysely';

/**
 * One payment backs one order, and ids keep the day's volume to themselves (decision 0049):
 * - `proof_hash` is rewritten in its network's one spelling (contract normaliseTxHash: EVM chains
 *   `0x` + lower case, BEP2 upper case without `0x`, Solana as sent) and is unique across orders
 *   that are not rejected or expired. A database that already holds one hash on two such orders
 *   stops here with the index's name: reject the later order, then start again.
 * - `idempotency_sha256` / `confirm_sha256`: the SHA-256 of the canonical body sent with the
 *   Idempotency-Key of create and of confirm; the same key with another body is refused.
 * - `order_counters` goes: order ids end in random letters, not the day's number.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `update transactions set proof_hash = '0x' || lower(right(proof_hash, 64))
    where network in ('BEP20', 'TETHER') and proof_hash ~ '^(0[xX])?[0-9a-fA-F]{64}$'`,
  `update transactions set proof_hash = upper(right(proof_hash, 64))
    where network = 'BEP2' and proof_hash ~ '^(0[xX])?[0-9a-fA-F]{64}$'`,
  `create unique index transactions_proof_hash on transactions (proof_hash)
    where proof_hash is not null and status not in ('reject', 'expired')`,
  'alter table transactions add column idempotency_sha256 text',
  'alter table transactions add column confirm_sha256 text',
  'drop table order_counters',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
