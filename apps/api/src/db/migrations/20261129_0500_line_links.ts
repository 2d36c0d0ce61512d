import { type Kysely, sql } from 'kysely';

/**
 * LINE as a channel (decision 0079):
 * - `line_links`: a member's linked LINE account (one each way: a member has at most one LINE
 *   user id, a LINE user id belongs to at most one member).
 * - `line_link_codes`: the one-time codes a member sends to the desk's LINE account to link it,
 *   kept only as an HMAC keyed by the channel secret; `lang` is the language the member asked in,
 *   for the confirmation.
 * - `outbox.retry_key`: one UUID per message, sent as LINE's X-Line-Retry-Key on every attempt, so
 *   a retried push is delivered once.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table line_links (
    member_id bigint primary key references members (id) on delete cascade,
    line_user_id text not null unique,
    linked_at timestamptz not null default now()
  )`,
  `create table line_link_codes (
    id bigserial primary key,
    member_id bigint not null references members (id) on delete cascade,
    code_hash text not null unique,
    lang text not null check (lang in ('en', 'th')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  'create index line_link_codes_member_idx on line_link_codes (member_id, created_at)',
  'alter table outbox add column retry_key uuid not null default gen_random_uuid()',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
