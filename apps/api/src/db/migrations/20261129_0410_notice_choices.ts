import { type Kysely, sql } from 'kysely';

/**
 * Member notices (decision 0078):
 * - `members.lang`: the language the member last used the app in (from the requests it sends),
 *   which their messages are written in.
 * - `notice_choices`: the channels a member chose for one kind of message (a JSON array of
 *   'email', 'sms', 'line'); no row: the kind's default channels.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `alter table members add column lang text not null default 'en' check (lang in ('en', 'th'))`,
  `create table notice_choices (
    member_id bigint not null references members (id) on delete cascade,
    kind text not null,
    channels jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (member_id, kind)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
