import { type Kysely, sql } from 'kysely';

/**
 * Identity documents and photos checked ahead of the submission (decision 0062):
 * - `kyc_submissions.document_type`: 'passport' (every earlier submission) or 'thaiIdCard', and
 *   `id_card_number`, the card's 13 digits (a Thai ID card only).
 * - `files.expires_at`: a photo checked and kept by stageKycImage for the member's submission; the
 *   submission clears it, and the hourly prune deletes what is still staged after it.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `alter table kyc_submissions add column document_type text not null default 'passport'
    check (document_type in ('passport', 'thaiIdCard'))`,
  `alter table kyc_submissions add column id_card_number text
    check (id_card_number is null or (document_type = 'thaiIdCard' and id_card_number ~ '^[0-9]{13}$'))`,
  'alter table files add column expires_at timestamptz',
  'create index files_expires_at_idx on files (expires_at) where expires_at is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
