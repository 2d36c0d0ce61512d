import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type ExpressionBuilder, type Insertable, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DB, OutboxState, OutboxTable } from '../db/schema.ts';
import { holdsSecret, SECRET_KINDS } from './sealing.ts';

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
  /** The row's retry key, every provider's key for it (made here unless given: a sealed message is bound to it). */
  key?: string;
  /** The text of a message holding a secret, sealed (`MessageSeal.sealed`); then `subject` and `text` are empty. */
  sealed?: string;
}

/** Rows per INSERT: 9 values each, well under PostgreSQL's 65,535 parameters of one statement. */
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

type OutboxValues = [string, string, string, string, string, number | null, string, string, string | null];

/** The row of `m`; a message of a kind that holds a secret must come sealed, with no readable text. */
function outboxValues(m: QueuedMessage): OutboxValues {
  if (holdsSecret(m.kind) && !(m.sealed && m.subject === '' && m.text === '')) {
    throw new Error(`a message of kind ${m.kind} holds a secret: queue it sealed`);
  }
  const key = m.key ?? randomUUID();
  return [m.channel, m.to, m.subject, m.text, m.kind, m.memberId ?? null, m.lang, key, m.sealed ?? null];
}

function outboxRow(
  ...[channel, recipient, subject, body, kind, member_id, lang, retry_key, sealed]: OutboxValues
) {
  return {
    channel,
    recipient,
    subject,
    body,
    kind,
    member_id,
    lang,
    retry_key,
    sealed,
  } as Insertable<OutboxTable>;
}

/** One message, the usual case (a notice about one change), in an INSERT built once. */
export const queueOne = compiledOnce((db: Kysely<DB>, ...values: OutboxValues) =>
  db.insertInto('outbox').values(outboxRow(...values)),
);

/**
 * Channels whose provider drops a copy of a message it already accepted, by the key the worker
 * passes: LINE answers a retry key it has seen with 409 (decision 0079). SMTP servers and SMS
 * gateways get the key too (Message-ID, Idempotency-Key), but are not relied on to drop a copy.
 */
export const DEDUPLICATING_CHANNELS: readonly OutboxTable['channel'][] = ['line'];

/** Kinds a second copy of which does no harm (a one-time code, a username reminder): sent again when unsure. */
export const COPY_HARMLESS_KINDS: readonly string[] = ['otp', 'username'];

/** `last_error` of a message whose send began and whose outcome was never recorded (state `unknown`). */
export const OUTCOME_UNKNOWN =
  'unknown: send began, outcome not recorded (the process stopped or the database failed); not sent again';
/** `last_error` of a message whose last attempt was claimed by a process that stopped before sending it. */
export const STOPPED_BEFORE_SENDING =
  'not sent: its last attempt was claimed by a process that stopped first';

/**
 * Whether a row may be handed to its provider again: its send never began, or a copy is harmless
 * (its provider drops it, or its kind does no harm twice).
 */
function mayResend(w: ExpressionBuilder<DB, 'outbox'>) {
  return w.or([
    w('send_began_at', 'is', null),
    w('channel', 'in', [...DEDUPLICATING_CHANNELS]),
    w('kind', 'in', [...COPY_HARMLESS_KINDS]),
  ]);
}

/** A settled row keeps no secret: its sealed text, and any readable text of a secret kind, are erased. */
const ERASED = {
  sealed: null,
  subject: sql<string>`case when kind in (${sql.join(SECRET_KINDS)}) then '' else subject end`,
  body: sql<string>`case when kind in (${sql.join(SECRET_KINDS)}) then '' else body end`,
};

/**
 * Claims up to `limit` due messages for `worker`: pending rows whose next attempt is due, and
 * sending rows claimed before `stuckBefore` (their process died) that have an attempt left and may
 * be sent again (mayResend). One UPDATE over a `FOR UPDATE SKIP LOCKED` select, so two processes
 * never claim the same row. The attempt is counted here, at the claim, so a message that crashes
 * its process still reaches the attempt limit: a stuck row at `maxAttempts` is never claimed again
 * (settleStuck ends it).
 */
export function claimDue(
  db: Kysely<DB>,
  worker: string,
  limit: number,
  now: Date,
  stuckBefore: Date,
  maxAttempts: number,
) {
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
            w.and([
              w('state', '=', 'sending'),
              w('claimed_at', '<', stuckBefore),
              w('attempts', '<', maxAttempts),
              mayResend(w),
            ]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'channel', 'recipient', 'subject', 'body', 'sealed', 'kind', 'attempts', 'retry_key'])
    .execute();
}

/**
 * Ends the rows left `sending` before `stuckBefore` that claimDue will not take again: those whose
 * attempts are used up, and those whose send began with no provider to drop a copy and of a kind
 * a copy of which is not harmless. A row whose send began becomes `unknown` (perhaps delivered, not
 * sent again); one whose send never began becomes `failed`. Their sealed text is erased.
 */
export function settleStuck(db: Kysely<DB>, stuckBefore: Date, maxAttempts: number) {
  return db
    .updateTable('outbox')
    .set({
      state: sql<OutboxState>`case when send_began_at is null then 'failed' else 'unknown' end`,
      last_error: sql<string>`case when send_began_at is null then ${STOPPED_BEFORE_SENDING}::text else ${OUTCOME_UNKNOWN}::text end`,
      claimed_by: null,
      claimed_at: null,
      ...ERASED,
    })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', stuckBefore)
    .where((w) => w.or([w('attempts', '>=', maxAttempts), w.not(mayResend(w))]))
    .execute();
}

/**
 * Records, in its own statement (committed before the provider is called), that `worker` begins
 * handing its claimed message to the provider; answers whether it still held the claim.
 */
export const markSendBegan = compiledOnce((db: Kysely<DB>, id: number, worker: string, at: Date) =>
  db
    .updateTable('outbox')
    .set({ send_began_at: at })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', worker)
    .returning('id'),
);

/** Marks a claimed message sent, if `worker` still holds it; a secret's sealed text is erased. */
export function markSent(db: Kysely<DB>, id: number, worker: string, now: Date) {
  return db
    .updateTable('outbox')
    .set({ state: 'sent', sent_at: now, last_error: null, claimed_by: null, claimed_at: null, ...ERASED })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', worker)
    .execute();
}

/**
 * Puts a claimed message back for another attempt at `retryAt`, or marks it failed (retryAt null,
 * its sealed text erased). Its provider answered that it was not delivered, so its send no longer
 * counts as begun.
 */
export function markFailed(db: Kysely<DB>, id: number, worker: string, error: string, retryAt: Date | null) {
  return db
    .updateTable('outbox')
    .set({
      state: retryAt ? 'pending' : 'failed',
      ...(retryAt ? { next_attempt_at: retryAt } : ERASED),
      last_error: error,
      send_began_at: null,
      claimed_by: null,
      claimed_at: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', worker)
    .execute();
}
