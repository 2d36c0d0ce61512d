import { type Kysely, sql } from 'kysely';

/**
 * The outbox becomes the notification queue (decision 0077): every message to a member is a row,
 * written in the transaction of the change it tells about, and a worker delivers it.
 * - `state`: pending (waiting for `next_attempt_at`), sending (claimed by `claimed_by` at
 *   `claimed_at`), sent, failed (gave up after the last attempt; `last_error` says why).
 * - `kind` (the message catalogue's key), `member_id` (null for a message to a bare contact),
 *   `lang` (the language it was written in), channel 'line' besides email and SMS.
 * Rows already in the outbox were delivered to it (it was the sink): they count as sent.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table outbox drop constraint outbox_channel_check',
  `alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms', 'line'))`,
  `alter table outbox add column state text not null default 'pending'
    check (state in ('pending', 'sending', 'sent', 'failed'))`,
  `alter table outbox add column kind text not null default 'security'`,
  'alter table outbox add column member_id bigint references members (id) on delete set null',
  `alter table outbox add column lang text not null default 'en' check (lang in ('en', 'th'))`,
  'alter table outbox add column next_attempt_at timestamptz not null default now()',
  'alter table outbox add column claimed_by text',
  'alter table outbox add column claimed_at timestamptz',
  `update outbox set state = 'sent', sent_at = coalesce(sent_at, created_at)`,
  'drop index outbox_unsent_idx',
  // The worker's claim: due pending rows in order, and sending rows whose claim timed out.
  `create index outbox_due_idx on outbox (next_attempt_at, id) where state = 'pending'`,
  `create index outbox_claimed_idx on outbox (claimed_at) where state = 'sending'`,
  'create index outbox_member_idx on outbox (member_id, id) where member_id is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
