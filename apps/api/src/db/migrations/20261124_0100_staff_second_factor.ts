import { type Kysely, sql } from 'kysely';

/**
 * Staff second factor and sign-in protection (issue 10, decision 0019):
 * - `totp_pending_secret`: a secret made at enrolment, not in force until a code from it confirms it;
 * - `totp_last_step`: the newest TOTP time step accepted, so each code works once (a conditional
 *   update on it decides between two racing verifications);
 * - `failed_sign_ins` and `locked_until`: failures in a row (password or code) and the lock they set;
 * - `must_change_password`: the account still has the one-time password an admin gave it;
 * - `staff_recovery_codes`: the SHA-256 of each single-use recovery code, used once (`used_at`).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table staff add column totp_pending_secret text',
  'alter table staff add column totp_last_step bigint',
  'alter table staff add column failed_sign_ins integer not null default 0 check (failed_sign_ins >= 0)',
  'alter table staff add column locked_until timestamptz',
  'alter table staff add column must_change_password boolean not null default false',
  `create table staff_recovery_codes (
    id bigint generated always as identity primary key,
    staff_id bigint not null references staff (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create unique index staff_recovery_codes_hash_key on staff_recovery_codes (staff_id, code_hash)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
