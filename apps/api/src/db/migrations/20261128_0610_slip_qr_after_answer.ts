import { type Kysely, sql } from 'kysely';

/**
 * A slip's QR code is read after the confirm has answered (decision 0062): `slip_qr_read_at` says
 * the read is done (`slip_qr` holds its payload, or null when the slip has none). Slips confirmed
 * before this migration were read during their confirm.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table transactions add column slip_qr_read_at timestamptz',
  'update transactions set slip_qr_read_at = confirmed_at where slip_file_id is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
