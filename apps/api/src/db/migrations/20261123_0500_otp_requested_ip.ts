import { type Kysely, sql } from 'kysely';

/**
 * Which client address asked for each OTP (its limits key: an IPv4 address or an IPv6 /64), so the
 * hourly cap counts per member and requesting address: a stranger's requests do not use up the
 * member's own. Null on rows made before this migration.
 * Frozen: never edit after it lands; add a new migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table otp_codes add column requested_ip text').execute(db);
}
