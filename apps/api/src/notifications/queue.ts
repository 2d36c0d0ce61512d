import { EventEmitter } from 'node:events';
import { type Insertable, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DB, OutboxTable } from '../db/schema.ts';

/** One message to queue (decision 0077). */
export interface QueuedMessage {
  channel: 'email' | 'sms' | 'line';
  /** An email address, a phone number, or a LINE user id. */
  to: string;
  subject: string;
  text: string;
  /** The catalogue's key of the message (decision 0078). */
  kind: string;
  memberId?: number | null;
  lang: 'en' | 'th';
}

/** Rows per INSERT: 8 values each, well under PostgreSQL's 65,535 parameters of one statement. */
const CHUNK = 1000;

/** Tells this process's worker that rows were queued (it also polls, for other processes' rows). */
export const queued = new EventEmitter();

/**
 * Queues messages: multi-row INSERTs into the outbox (one message: an INSERT built once). Pass
 * the transaction of the change the messages tell about, so they are queued if and only if it
 * commits. Thousands of messages go in chunks of CHUNK rows.
 */
export async function enqueue(db: Kysely<DB>, messages: readonly QueuedMessage[]): Promise<void> {
  if (messages.length === 1) await queueOne(db, ...outboxValues(messages[0] as QueuedMessage));
  else {
    for (let i = 0; i < messages.length; i += CHUNK) {
      await db
        .insertInto('outbox')
        .values(messages.slice(i, i + CHUNK).map((m) => outboxRow(...outboxValues(m))))
        .execute();
    }
  }
  if (messages.length > 0) queued.emit('queued');
}

type OutboxValues = [string, string, string, string, string, number | null, string];

function outboxValues(m: QueuedMessage): OutboxValues {
  return [m.channel, m.to, m.subject, m.text, m.kind, m.memberId ?? null, m.lang];
}

function outboxRow(...[channel, recipient, subject, body, kind, member_id, lang]: OutboxValues) {
  return { channel, recipient, subject, body, kind, member_id, lang } as Insertable<OutboxTable>;
}

/** One message, the usual case (a notice about one change), in an INSERT built once. */
export const queueOne = compiledOnce((db: Kysely<DB>, ...values: OutboxValues) =>
  db.insertInto('outbox').values(outboxRow(...values)),
);

/**
 * Claims up to `limit` due messages for `worker`: pending rows whose next attempt is due, and
 * sending rows claimed before `stuckBefore` (their process died). One UPDATE over a `FOR UPDATE
 * SKIP LOCKED` select, so two processes never claim the same row. The attempt is counted here, so a
 * message that crashes its process still reaches the attempt limit.
 */
export function claimDue(db: Kysely<DB>, worker: string, limit: number, now: Date, stuckBefore: Date) {
  // `now` has a millisecond's resolution, the database's clock a microsecond's: a message queued
  // in this very millisecond (now() = 12:00:00.610900) is due at `now` = 12:00:00.610 too.
  const endOfNow = new Date(now.getTime() + 1);
  return db
    .updateTable('outbox')
    .set({ state: 'sending', claimed_by: worker, claimed_at: now, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('state', '=', 'pending'), w('next_attempt_at', '<', endOfNow)]),
            w.and([w('state', '=', 'sending'), w('claimed_at', '<', stuckBefore)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'channel', 'recipient', 'subject', 'body', 'kind', 'attempts', 'retry_key'])
    .execute();
}

/** Marks a claimed message sent, if `worker` still holds it. */
export function markSent(db: Kysely<DB>, id: number, worker: string, now: Date) {
  return db
    .updateTable('outbox')
    .set({ state: 'sent', sent_at: now, last_error: null, claimed_by: null, claimed_at: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', worker)
    .execute();
}

/** Puts a claimed message back for another attempt at `retryAt`, or marks it failed (retryAt null). */
export function markFailed(db: Kysely<DB>, id: number, worker: string, error: string, retryAt: Date | null) {
  return db
    .updateTable('outbox')
    .set({
      state: retryAt ? 'pending' : 'failed',
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
      last_error: error,
      claimed_by: null,
      claimed_at: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', worker)
    .execute();
}
