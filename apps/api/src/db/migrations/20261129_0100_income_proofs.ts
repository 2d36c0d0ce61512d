import { type Kysely, sql } from 'kysely';

/**
 * Proofs of income or assets (decision 0071): one row per proof a member sends, with its kind, one
 * to three page images, and the staff's decision (accepted: the member became level 2; refused:
 * the reason code and the staff's note). At most one waits per member (a partial unique index),
 * so two submissions racing in cannot both wait. Frozen: never edit after it lands.
 */
const statements = [
  `create table income_proofs (
    id bigint generated always as identity primary key,
    member_id bigint not null references members (id) on delete cascade,
    kind text not null,
    status text not null default 'waiting' check (status in ('waiting', 'accepted', 'refused')),
    page1_file_id bigint not null references files (id),
    page2_file_id bigint references files (id),
    page3_file_id bigint references files (id),
    reason_code text,
    reason text,
    reviewed_by bigint references staff (id),
    reviewed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  "create unique index income_proofs_one_waiting_idx on income_proofs (member_id) where status = 'waiting'",
  'create index income_proofs_status_idx on income_proofs (status, created_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
