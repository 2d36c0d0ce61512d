import { type Kysely, sql } from 'kysely';

/**
 * The outbox keeps no secret readable and sends a message at most once where a copy would harm
 * (decision 0095):
 * - `sealed`: a message holding a secret (a one-time code, a username sent on request) is kept only
 *   as AES-256-GCM ciphertext until it is settled (sent, failed, or outcome unknown), then erased;
 *   its `subject` and `body` stay empty.
 * - `send_began_at`: written, in its own commit, just before the message is handed to its provider;
 *   a row left `sending` with it set was perhaps delivered.
 * - state `unknown`: the send began and its outcome was never recorded, and the message is not sent
 *   again (its provider cannot drop a copy, and a copy of its kind is not harmless).
 * Rows already in the outbox that hold a code or a username lose their text; those not yet sent
 * are marked failed (a code lives 5 minutes; the member asks again).
 * Frozen: never edit after it lands; add a new migration.
 */
const statements = [
  'alter table outbox add column sealed text',
  'alter table outbox add column send_began_at timestamptz',
  'alter table outbox drop constraint outbox_state_check',
  `alter table outbox add constraint outbox_state_check
    check (state in ('pending', 'sending', 'sent', 'failed', 'unknown'))`,
  `update outbox set
    subject = '',
    body = '',
    last_error = case when state in ('pending', 'sending')
      then 'not sent: a message holding a secret is no longer kept readable' else last_error end,
    state = case when state in ('pending', 'sending') then 'failed' else state end,
    claimed_by = null,
    claimed_at = null
  where kind in ('otp', 'username') and (body <> '' or subject <> '')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
