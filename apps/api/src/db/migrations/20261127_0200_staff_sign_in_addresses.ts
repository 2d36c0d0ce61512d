import { type Kysely, sql } from 'kysely';

/**
 * Staff sign-in attempts per account and client address (decision 0019): `attempts` taken in the
 * window that began at `window_started_at` (an attempt is taken before its check and given back on
 * success), and `signed_in_at`, the last completed sign-in (password and second factor) from that
 * address, which spares it the account-wide slow-down. `ip` is the limits' key (IPv4, or IPv6 /64).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table staff_sign_in_addresses (
    staff_id bigint not null references staff (id) on delete cascade,
    ip text not null,
    attempts integer not null default 0 check (attempts >= 0),
    window_started_at timestamptz not null,
    signed_in_at timestamptz,
    primary key (staff_id, ip)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
