import { type Kysely, sql } from 'kysely';

/**
 * Every change to a member's orders is announced by the database itself (decision 0085): a
 * trigger sends `member.changed` with the member's id on the event bus's channel
 * (`events/bus.ts`), so a member's history kept in memory is dropped in every process whichever
 * code, process or operator made the change. NOTIFY is transactional: the notice is delivered only
 * once the change has committed, and one per member however many of their rows a statement moved.
 * The function reads `member_id`, so it serves any table that has one.
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  `create function notify_member_changed() returns trigger language plpgsql as $$
  begin
    perform pg_notify('bahtdesk_events', json_build_object(
      'name', 'member.changed',
      'data', json_build_object('memberId', case when tg_op = 'DELETE' then old.member_id else new.member_id end)
    )::text);
    return null;
  end $$`,
  `create trigger transactions_member_changed after insert or update or delete on transactions
    for each row execute function notify_member_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
