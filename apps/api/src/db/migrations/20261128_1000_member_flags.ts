import { type Kysely, sql } from 'kysely';

/**
 * Member notes and flags, and the two-step payout of large orders (decision 0068).
 * `member_notes` is append-only: no call updates or deletes a row, and a trigger refuses it.
 * `member_flags` keeps every flag ever set; a flag is active while `lifted_at` is null, and a
 * member holds at most one active flag of each kind (a partial unique index, so two staff setting
 * the same flag at once make one row). On `transactions`, `payout_prepared_by` / `_at` say that a
 * staff member recorded the payout of an order awaiting staff and it waits for a second one's
 * approval; the member-visible status stays `request`.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table member_notes (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id),
    staff_id bigint not null references staff (id),
    body text not null check (length(body) between 1 and 2000),
    created_at timestamptz not null default now()
  )`,
  'create index member_notes_member_idx on member_notes (member_id, id)',
  `create function member_notes_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'member_notes is append-only';
  end
  $$`,
  `create trigger member_notes_append_only before update or delete on member_notes
    for each row execute function member_notes_append_only()`,
  `create table member_flags (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id),
    flag text not null check (flag in ('watch', 'payouts_held', 'trading_blocked')),
    reason text not null,
    set_by bigint not null references staff (id),
    set_at timestamptz not null default now(),
    lifted_by bigint references staff (id),
    lifted_at timestamptz,
    lift_reason text
  )`,
  'create unique index member_flags_one_active_idx on member_flags (member_id, flag) where lifted_at is null',
  'alter table transactions add column payout_prepared_by bigint references staff (id)',
  'alter table transactions add column payout_prepared_at timestamptz',
  "create index transactions_awaiting_approval_idx on transactions (payout_prepared_at) where status = 'request' and payout_prepared_by is not null",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
