import { type Kysely, sql } from 'kysely';

/**
 * Two-person changes (decision 0091): a staff member's change of a web setting that guards money,
 * or a staff change that would let one admin act as another, waits here while the desk has two
 * enabled admins, until an admin other than the proposer approves it (it is applied then) or
 * discards it. `kind` is 'setting' (`target` the setting's key) or 'staff' (`target`
 * 'staff:<id>', or 'staff:new:<username>' for an account to make); `value` is the change as
 * proposed, `replaces` what it replaces. 'superseded': a later proposal or a change of the same
 * target landed first. At most one proposal per target is pending (a partial unique index).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create table change_proposals (
    id bigint generated always as identity primary key,
    kind text not null check (kind in ('setting', 'staff')),
    target text not null,
    value jsonb not null,
    replaces jsonb,
    proposed_by_staff_id bigint references staff (id),
    proposed_by text not null,
    status text not null default 'pending'
      check (status in ('pending', 'approved', 'discarded', 'superseded')),
    decided_by_staff_id bigint references staff (id),
    decided_by text,
    decided_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  "create unique index change_proposals_one_pending_idx on change_proposals (target) where status = 'pending'",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
