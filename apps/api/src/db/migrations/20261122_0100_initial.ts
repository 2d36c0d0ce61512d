import { type Kysely, sql } from 'kysely';

/**
 * The whole data model of spec section 3 and design.md, laid down at once so later issues add
 * columns rather than rewrite tables. Frozen: never edit after it lands; add a new migration.
 *
 * Conventions: ids are `bigint generated always as identity` (read as JS numbers, see
 * connection.ts); money is `numeric(20,2)` (read as decimal strings); times are `timestamptz`.
 * Rows that a transaction points at (bank accounts, addresses) may be deleted by their member,
 * so a transaction keeps a snapshot of what it used and its reference is `on delete set null`.
 */
const statements = [
  `create table members (
    id bigint generated always as identity primary key,
    username text not null,
    password_hash text not null,
    first_name text not null,
    last_name text not null,
    phone text not null,
    email text not null check (email = lower(email)),
    kyc_status text not null default 'unverified'
      check (kyc_status in ('unverified', 'waiting', 'verified', 'failed')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create unique index members_username_key on members (lower(username))',
  'create unique index members_phone_key on members (phone)',
  'create unique index members_email_key on members (email)',

  `create table member_sessions (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    ip text,
    user_agent text
  )`,
  'create index member_sessions_member_id_idx on member_sessions (member_id)',

  `create table staff (
    id bigint generated always as identity primary key,
    username text not null,
    password_hash text not null,
    totp_secret text,
    role text not null default 'admin' check (role in ('admin', 'operator')),
    disabled boolean not null default false,
    last_login_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create unique index staff_username_key on staff (lower(username))',

  `create table staff_sessions (
    id bigint generated always as identity primary key,
    staff_id bigint not null references staff (id) on delete cascade,
    token_hash text not null unique,
    second_factor_at timestamptz,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    ip text,
    user_agent text
  )`,
  'create index staff_sessions_staff_id_idx on staff_sessions (staff_id)',

  `create table files (
    id bigint generated always as identity primary key,
    owner_member_id bigint references members (id) on delete cascade,
    purpose text not null,
    mime text not null check (mime in ('image/jpeg', 'image/png')),
    size integer not null check (size > 0),
    sha256 text not null,
    bytes bytea not null,
    created_at timestamptz not null default now()
  )`,
  'create index files_owner_member_id_idx on files (owner_member_id)',

  `create table bank_accounts (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    bank_code text not null,
    account_number text not null,
    account_name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index bank_accounts_member_id_idx on bank_accounts (member_id)',

  `create table usdt_addresses (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    network text not null,
    address text not null,
    nickname text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index usdt_addresses_member_id_idx on usdt_addresses (member_id)',

  `create table kyc_submissions (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    status text not null default 'waiting' check (status in ('waiting', 'verified', 'failed')),
    passport_file_id bigint not null references files (id),
    holding_file_id bigint not null references files (id),
    screenshot1_file_id bigint not null references files (id),
    screenshot2_file_id bigint not null references files (id),
    reason text,
    reviewed_by bigint references staff (id),
    reviewed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index kyc_submissions_member_id_idx on kyc_submissions (member_id)',
  'create index kyc_submissions_status_idx on kyc_submissions (status, created_at)',

  `create table transactions (
    id bigint generated always as identity primary key,
    public_id text not null unique,
    member_id bigint not null references members (id),
    type text not null check (type in ('buy', 'sell')),
    status text not null default 'pending'
      check (status in ('pending', 'request', 'success', 'reject', 'expired')),
    currency text not null default 'USDT',
    rate numeric(20,2) not null check (rate > 0),
    amount_thb numeric(20,2) not null check (amount_thb > 0),
    amount_usdt numeric(20,2) not null check (amount_usdt > 0),
    fee_percent numeric(6,3) not null default 0 check (fee_percent >= 0),
    fee numeric(20,2) not null default 0 check (fee >= 0),
    total numeric(20,2) not null,
    deadline_at timestamptz not null,
    payment_method text check (payment_method in ('cash_deposit', 'cash_appointment')),
    deposit_amount numeric(20,2),
    deposit_at timestamptz,
    slip_file_id bigint references files (id),
    appointment_location text,
    appointment_at timestamptz,
    network text,
    usdt_address_id bigint references usdt_addresses (id) on delete set null,
    usdt_address text,
    bank_account_id bigint references bank_accounts (id) on delete set null,
    bank_code text,
    bank_account_number text,
    bank_account_name text,
    proof_hash text,
    proof_file_id bigint references files (id),
    confirmed_at timestamptz,
    slip_name_checked boolean not null default false,
    payout_reference text,
    reason text,
    reviewed_by bigint references staff (id),
    reviewed_at timestamptz,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index transactions_member_id_idx on transactions (member_id, created_at desc)',
  'create index transactions_status_idx on transactions (status, deadline_at)',
  'create index transactions_created_at_idx on transactions (created_at)',

  `create table rates (
    id bigint generated always as identity primary key,
    buy_rate numeric(20,2) not null check (buy_rate > 0),
    sell_rate numeric(20,2) not null check (sell_rate > 0),
    sell_fee_percent numeric(6,3) not null check (sell_fee_percent >= 0 and sell_fee_percent < 100),
    set_by_staff_id bigint references staff (id),
    set_by text not null,
    created_at timestamptz not null default now()
  )`,
  'create index rates_created_at_idx on rates (created_at desc, id desc)',

  `create table news (
    id bigint generated always as identity primary key,
    title_en text not null,
    title_th text not null,
    body_en text not null,
    body_th text not null,
    published_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index news_published_at_idx on news (published_at desc)',

  `create table html_pages (
    id bigint generated always as identity primary key,
    link text not null unique,
    title_en text not null,
    title_th text not null,
    body_en text not null,
    body_th text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,

  `create table settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,

  `create table outbox (
    id bigint generated always as identity primary key,
    channel text not null check (channel in ('email', 'sms')),
    recipient text not null,
    subject text not null default '',
    body text not null,
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`,
  'create index outbox_created_at_idx on outbox (created_at desc)',
  'create index outbox_unsent_idx on outbox (id) where sent_at is null',

  `create table audit_log (
    id bigint generated always as identity primary key,
    actor_type text not null check (actor_type in ('member', 'staff', 'system', 'operator')),
    actor_id text,
    action text not null,
    target text,
    before jsonb,
    after jsonb,
    reason text,
    ip text,
    outcome text not null default 'success' check (outcome in ('success', 'failure')),
    created_at timestamptz not null default now()
  )`,
  'create index audit_log_created_at_idx on audit_log (created_at desc)',
  'create index audit_log_action_idx on audit_log (action, created_at desc)',
  'create index audit_log_actor_idx on audit_log (actor_type, actor_id)',
  `create function audit_log_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'audit_log is append-only';
  end;
  $$`,
  `create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`,

  `create table ip_bans (
    ip text primary key,
    until timestamptz not null,
    reason text not null,
    created_at timestamptz not null default now()
  )`,
  'create index ip_bans_until_idx on ip_bans (until)',

  `create table otp_codes (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    purpose text not null,
    channel text not null check (channel in ('email', 'sms')),
    code_hash text not null,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index otp_codes_member_id_idx on otp_codes (member_id, created_at desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
