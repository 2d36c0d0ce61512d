import { type Kysely, sql } from 'kysely';

/**
 * Every change to a row a member's kept reads depend on is announced by the database itself
 * (decision 0085): a trigger sends `member.changed` with the member's id on the event bus's
 * channel (`events/bus.ts`), so what a process keeps of that member is dropped in every process
 * whichever code, process or operator made the change. The history reads `transactions`; the
 * profile reads `members`, `kyc_submissions`, `bank_accounts` and `usdt_addresses`. NOTIFY is
 * transactional: the notice is delivered only once the change has committed, and one per member
 * however many of their rows a transaction moved. `notify_member_changed` reads `member_id`, so it
 * serves any table that has one; `members` names the member by its `id`.
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
  `create function notify_member_row_changed() returns trigger language plpgsql as $$
  begin
    perform pg_notify('bahtdesk_events', json_build_object(
      'name', 'member.changed',
      'data', json_build_object('memberId', case when tg_op = 'DELETE' then old.id else new.id end)
    )::text);
    return null;
  end $$`,
  `create trigger transactions_member_changed after insert or update or delete on transactions
    for each row execute function notify_member_changed()`,
  `create trigger kyc_submissions_member_changed after insert or update or delete on kyc_submissions
    for each row execute function notify_member_changed()`,
  `create trigger bank_accounts_member_changed after insert or update or delete on bank_accounts
    for each row execute function notify_member_changed()`,
  `create trigger usdt_addresses_member_changed after insert or update or delete on usdt_addresses
    for each row execute function notify_member_changed()`,
  `create trigger members_member_changed after update or delete on members
    for each row execute function notify_member_row_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
