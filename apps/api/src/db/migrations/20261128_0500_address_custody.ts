import { type Kysely, sql } from 'kysely';

/**
 * A USDT address is on an exchange (a UID is required) or in the member's own wallet (no UID),
 * decision 0031. Every address saved before is an exchange address, as it was read then.
 * Frozen: never edit after it lands; add a new migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table usdt_addresses add column custody text not null default 'exchange'
        check (custody in ('exchange', 'wallet'))`,
    )
    .execute(db);
}
