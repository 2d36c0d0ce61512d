import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  type ChannelAdapters,
  type Delivery,
  type Message,
  PermanentDeliveryError,
} from '../delivery/index.ts';
import { claimDue, markFailed, markSendBegan, markSent, queued, settleStuck } from './queue.ts';
import { holdsSecret, type MessageSeal } from './sealing.ts';

type ClaimedRow = Awaited<ReturnType<typeof claimDue>>[number];

/** How often the worker looks for due messages when nothing woke it. */
export const POLL_EVERY_MS = 1000;
/** The first retry waits about this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 5000;
export const RETRY_MAX_MS = 60 * 60_000;
/** Claims at most this many messages at once. */
const BATCH_MAX = 50;
/** What of an error is kept in last_error. */
const ERROR_MAX_CHARS = 300;

/**
 * After a send, a failed mark is tried again after this long, doubling up to MARK_RETRY_MAX_MS,
 * for at most half the sending timeout.
 */
const MARK_RETRY_FIRST_MS = 250;
const MARK_RETRY_MAX_MS = 5000;

export interface WorkerOptions {
  /** Messages per second at most; 0: no bound. */
  ratePerSecond: number;
  maxAttempts: number;
  sendingTimeoutMs: number;
  /** Names this worker in claimed_by (default: host, process id and a random suffix). */
  name?: string;
  /** Opens the messages that hold a secret (decision 0095); without it such a message fails. */
  seal?: Pick<MessageSeal, 'open'>;
}

/**
 * The wait before attempt `attempts + 1`: RETRY_BASE_MS doubled per attempt made, at most
 * RETRY_MAX_MS, with jitter (between half and all of it), so messages failing together do not
 * all come back at once.
 */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const full = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() / 2));
}

/**
 * Delivers the outbox (decision 0077): claims due rows, hands each to its channel's adapter at
 * `ratePerSecond` at most, marks it sent, or schedules another attempt (retryDelayMs) until
 * `maxAttempts`, then marks it failed. It keeps its state in the rows only, so a restart loses
 * nothing; a row left `sending` by a process that died is claimed again after `sendingTimeoutMs`,
 * unless its attempts are used up or its send began and a copy would not be harmless: then it is
 * settled, `failed` or `unknown` (decision 0095). Before each send it records, in its own
 * statement, that the send began; every provider gets the row's retry key. It wakes when this process queues a message (the in-process `queued` signal, and once more
 * shortly after, for a transaction that commits later), and polls every POLL_EVERY_MS for rows
 * queued by other processes. Logs carry the row's id, channel, kind and the error, never its
 * recipient or text.
 */
export function createNotificationWorker(
  db: Kysely<DB>,
  adapters: ChannelAdapters,
  options: WorkerOptions,
  log: { warn(o: object, m: string): void; error(o: object, m: string): void },
) {
  const name = options.name ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const batch = options.ratePerSecond > 0 ? Math.min(BATCH_MAX, Math.ceil(options.ratePerSecond)) : BATCH_MAX;
  let nextSlot = 0;
  /** Waits for the next send slot under the rate bound. */
  async function slot(): Promise<void> {
    if (options.ratePerSecond <= 0) return;
    const at = Math.max(Date.now(), nextSlot);
    nextSlot = at + 1000 / options.ratePerSecond;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** The message of a claimed row, its sealed text opened (a row that cannot be opened fails for good). */
  function messageOf(row: ClaimedRow): Message {
    let text = { subject: row.subject, text: row.body };
    if (row.sealed) {
      if (!options.seal) throw new PermanentDeliveryError('a sealed message, and no key to open it');
      try {
        text = options.seal.open(row.sealed, { key: row.retry_key, channel: row.channel, to: row.recipient });
      } catch (err) {
        throw new PermanentDeliveryError(err instanceof Error ? err.message : String(err));
      }
    }
    return {
      channel: row.channel,
      to: row.recipient,
      ...text,
      key: row.retry_key,
      secret: holdsSecret(row.kind),
    };
  }

  /** The provider did not take the message: another attempt later, or failed for good. */
  async function notDelivered(row: ClaimedRow, err: unknown): Promise<void> {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX_CHARS);
    const last = err instanceof PermanentDeliveryError || row.attempts >= options.maxAttempts;
    const retryAt = last ? null : new Date(Date.now() + retryDelayMs(row.attempts));
    log.warn(
      { id: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts, error },
      last ? 'notification failed' : 'notification not delivered, will retry',
    );
    await markFailed(db, row.id, name, error, retryAt);
  }

  /**
   * Records that the send begins, in its own statement, before the provider is called: a row left
   * `sending` with it was perhaps delivered, and is sent again only where a copy is harmless
   * (settleStuck). Answers whether the message may be sent now.
   */
  async function sendBegins(row: ClaimedRow): Promise<boolean> {
    try {
      return (await markSendBegan(db, row.id, name, new Date())).length === 1;
    } catch (err) {
      // Not sent: the row stays claimed and is taken again once its claim times out.
      log.warn(
        { id: row.id, channel: row.channel, kind: row.kind, err },
        'notification not sent: its start could not be recorded',
      );
      return false;
    }
  }

  /**
   * Marks a delivered message sent, trying again while the database fails (a restart, a fault) for
   * up to half the sending timeout. Never sends it again: a message left unmarked stays `sending`
   * with its start recorded, and settleStuck decides (decision 0095).
   */
  async function delivered(row: ClaimedRow): Promise<void> {
    const giveUpAt = Date.now() + options.sendingTimeoutMs / 2;
    for (let wait = MARK_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, MARK_RETRY_MAX_MS)) {
      try {
        await markSent(db, row.id, name, new Date());
        return;
      } catch (err) {
        const last = closing || Date.now() + wait > giveUpAt;
        log[last ? 'error' : 'warn'](
          { id: row.id, channel: row.channel, kind: row.kind, err },
          last
            ? 'notification delivered but not marked sent: it is not sent again unless a copy is harmless'
            : 'notification delivered, marking it sent failed; trying again',
        );
        if (last) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    await slot();
    let message: Message;
    let adapter: Delivery | undefined;
    try {
      adapter = adapters[row.channel];
      if (!adapter) throw new Error(`no ${row.channel} channel is configured`);
      message = messageOf(row);
    } catch (err) {
      return notDelivered(row, err);
    }
    if (!(await sendBegins(row))) return;
    try {
      await adapter.send(message);
    } catch (err) {
      return notDelivered(row, err);
    }
    await delivered(row);
  }

  /** Delivers every due message, batch after batch; answers how many it handled. */
  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = new Date();
      const stuckBefore = new Date(now.getTime() - options.sendingTimeoutMs);
      if (handled === 0) await settleStuck(db, stuckBefore, options.maxAttempts);
      const rows = await claimDue(db, name, batch, now, stuckBefore, options.maxAttempts);
      if (rows.length === 0) return handled;
      await Promise.all(rows.map(deliver));
      handled += rows.length;
      if (closing) return handled;
    }
  }

  let stopped = true;
  let closing = false;
  let running: Promise<void> | undefined;
  let again = false;
  const timers = new Set<NodeJS.Timeout>();

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain().catch((err: unknown) => log.error({ err }, 'notification worker pass failed'));
      } while (again && !stopped);
      running = undefined;
    })();
  }
  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      wake();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const nudge = () => {
    wake();
    later(200);
  };
  let poll: NodeJS.Timeout | undefined;

  return {
    name,
    drain,
    /** Starts delivering: now, on every `queued` signal, and every POLL_EVERY_MS. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      closing = false;
      queued.on('queued', nudge);
      poll = setInterval(wake, POLL_EVERY_MS);
      poll.unref();
      wake();
    },
    /** Stops taking new rows and waits for the messages in hand. */
    async stop(): Promise<void> {
      stopped = true;
      closing = true;
      queued.off('queued', nudge);
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
