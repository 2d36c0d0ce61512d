import { type Kysely, sql } from 'kysely';

/**
 * Staff sign-in budgets that an outsider can neither read nor spend (decision 0019):
 * - `staff_sign_in_attempts`: attempts per name and source, taken before each password or code
 *   check, for every name typed, whether an account has it or not (so an unknown name costs the
 *   same statements and writes as a wrong password). `name` is the lower-case username; `source`
 *   is `ip:<address>` (the limits' key: IPv4, or the IPv6 /64) or `device:<staff_devices.id>`.
 *   The counts of `staff_sign_in_addresses` are carried over, so a stopped address stays stopped.
 * - `staff_devices`: a browser the account completed a sign-in from (password and second factor),
 *   known by the SHA-256 of the random device cookie it was given; a request carrying it spends
 *   the device's own budget, which guesses from elsewhere do not touch.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table staff_sign_in_attempts (
    name text not null,
    source text not null,
    attempts integer not null default 0 check (attempts >= 0),
    window_started_at timestamptz not null,
    primary key (name, source)
  )`,
  `insert into staff_sign_in_attempts (name, source, attempts, window_started_at)
    select lower(s.username), 'ip:' || a.ip, a.attempts, a.window_started_at
    from staff_sign_in_addresses a join staff s on s.id = a.staff_id
    where a.attempts > 0`,
  `create table staff_devices (
    id bigint generated always as identity primary key,
    staff_id bigint not null references staff (id) on delete cascade,
    token_hash text not null unique,
    signed_in_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  'create index staff_devices_staff_id on staff_devices (staff_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
