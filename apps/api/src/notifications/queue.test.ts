import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTables, testApp, testDatabaseWithTimeouts, unique } from '../../test/harness.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Delivery, Message } from '../delivery/index.ts';
import { keptInOutbox } from '../delivery/outbox.ts';
import { enqueue, type QueuedMessage } from './queue.ts';
import { createNotificationWorker, RETRY_BASE_MS, retryDelayMs } from './worker.ts';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  ({ app, database } = await testApp());
});
afterAll(() => app.close());
beforeEach(() => resetTables(database, 'outbox'));

const quiet = { warn: () => {}, error: () => {} };
const options = { ratePerSecond: 0, maxAttempts: 3, sendingTimeoutMs: 60_000 };

function message(to: string, extra: Partial<QueuedMessage> = {}): QueuedMessage {
  return {
    channel: 'email',
    to,
    subject: 'Hello',
    text: `secret text for ${to}`,
    kind: 'test',
    lang: 'th',
    ...extra,
  };
}

/** An adapter that records what it was handed. */
function recording(): Delivery & { sent: Message[] } {
  const sent: Message[] = [];
  return { sent, send: async (m) => void sent.push(m) };
}

const rows = () => database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe('enqueue', () => {
  it('queues inside the transaction of the change: nothing if it rolls back, every message if it commits', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue(trx, [message('a@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    await database.db
      .transaction()
      .execute((trx) =>
        enqueue(trx, [
          message('a@example.com', { memberId: null }),
          message('0812345678', { channel: 'sms' }),
        ]),
      );
    expect((await rows()).map((r) => [r.channel, r.recipient, r.state, r.kind, r.lang, r.attempts])).toEqual([
      ['email', 'a@example.com', 'pending', 'test', 'th', 0],
      ['sms', '0812345678', 'pending', 'test', 'th', 0],
    ]);
  });

  it('queues thousands of messages in one call (chunked inserts)', async () => {
    await enqueue(
      database.db,
      Array.from({ length: 2500 }, (_, i) => message(`m${i}@example.com`)),
    );
    const { n } = await database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2500);
  });
});

describe('the notification worker', () => {
  it('hands each due message to its channel’s adapter and marks it sent', async () => {
    const email = recording();
    const sms = recording();
    await enqueue(database.db, [message('a@example.com'), message('0812345678', { channel: 'sms' })]);
    const worker = createNotificationWorker(database.db, { email, sms }, options, quiet);
    expect(await worker.drain()).toBe(2);
    expect(email.sent.map((m) => m.to)).toEqual(['a@example.com']);
    expect(sms.sent).toEqual([
      { channel: 'sms', to: '0812345678', subject: 'Hello', text: 'secret text for 0812345678' },
    ]);
    for (const r of await rows()) {
      expect(r).toMatchObject({ state: 'sent', attempts: 1, claimed_by: null, last_error: null });
      expect(r.sent_at).toBeInstanceOf(Date);
    }
  });

  it('keeps a message with no SMTP or SMS gateway in the outbox and counts it delivered', async () => {
    await enqueue(database.db, [message('a@example.com')]);
    await createNotificationWorker(
      database.db,
      { email: keptInOutbox, sms: keptInOutbox },
      options,
      quiet,
    ).drain();
    expect((await rows())[0]).toMatchObject({ state: 'sent', body: 'secret text for a@example.com' });
  });

  it('retries a failing delivery with growing, jittered waits, keeps the error (never the text in the log), then marks it failed', async () => {
    const logged: object[] = [];
    const log = { warn: (o: object) => void logged.push(o), error: (o: object) => void logged.push(o) };
    const failing: Delivery = {
      send: async () => {
        throw new Error('SMTP answered 451');
      },
    };
    await enqueue(database.db, [message('a@example.com')]);
    const worker = createNotificationWorker(database.db, { email: failing, sms: failing }, options, log);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await worker.drain()).toBe(1);
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: attempt, last_error: 'SMTP answered 451', claimed_by: null });
      if (attempt < 3) {
        expect(row?.state).toBe('pending');
        waits.push((row?.next_attempt_at.getTime() ?? 0) - before);
        // Not due yet: another pass leaves it alone.
        expect(await worker.drain()).toBe(0);
        await sql`update outbox set next_attempt_at = now() - interval '1 second'`.execute(database.db);
      } else {
        expect(row?.state).toBe('failed');
      }
    }
    expect(waits[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2 - 1000);
    expect(waits[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS - 1000);
    expect(JSON.stringify(logged)).not.toContain('secret text');
    expect(JSON.stringify(logged)).not.toContain('a@example.com');
  });

  it('waits twice as long after each attempt, between half and all of it, up to an hour', () => {
    expect(retryDelayMs(1, () => 0)).toBe(RETRY_BASE_MS / 2);
    expect(retryDelayMs(1, () => 1)).toBe(RETRY_BASE_MS);
    expect(retryDelayMs(3, () => 1)).toBe(RETRY_BASE_MS * 4);
    expect(retryDelayMs(30, () => 1)).toBe(60 * 60_000);
  });

  it('after a restart, claims again a message left sending by a process that died, once its claim timed out', async () => {
    const email = recording();
    await enqueue(database.db, [message('a@example.com'), message('b@example.com')]);
    await sql`update outbox set state = 'sending', claimed_by = 'dead', attempts = 1,
      claimed_at = case when recipient = 'a@example.com' then now() - interval '2 minutes' else now() end`.execute(
      database.db,
    );
    const worker = createNotificationWorker(database.db, { email, sms: email }, options, quiet);
    expect(await worker.drain()).toBe(1);
    expect(email.sent.map((m) => m.to)).toEqual(['a@example.com']);
    expect((await rows()).map((r) => [r.recipient, r.state, r.attempts])).toEqual([
      ['a@example.com', 'sent', 2],
      ['b@example.com', 'sending', 1],
    ]);
  });

  it('marks a LINE message failed after its attempts while no LINE channel is configured', async () => {
    await enqueue(database.db, [message('U123', { channel: 'line' })]);
    const worker = createNotificationWorker(
      database.db,
      { email: keptInOutbox, sms: keptInOutbox },
      { ...options, maxAttempts: 1 },
      quiet,
    );
    await worker.drain();
    expect((await rows())[0]).toMatchObject({ state: 'failed', last_error: 'no line channel is configured' });
  });

  it('once started, wakes up for a message queued in this process without waiting for its poll', async () => {
    const email = recording();
    const worker = createNotificationWorker(database.db, { email, sms: email }, options, quiet);
    worker.start();
    try {
      const to = `${unique('w')}@example.com`;
      await enqueue(database.db, [message(to)]);
      await vi.waitFor(() => expect(email.sent.map((m) => m.to)).toEqual([to]), { timeout: 5000 });
    } finally {
      await worker.stop();
    }
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'two processes (two pools) draining one outbox together send every message exactly once',
    async () => {
      const other = await testDatabaseWithTimeouts(DEFAULT_DATABASE_TIMEOUTS);
      try {
        await enqueue(
          database.db,
          Array.from({ length: 400 }, (_, i) => message(`m${i}@example.com`)),
        );
        const sent: string[] = [];
        const slow: Delivery = {
          send: async (m) => {
            await new Promise((resolve) => setImmediate(resolve));
            sent.push(m.to);
          },
        };
        const adapters = { email: slow, sms: slow };
        const one = createNotificationWorker(database.db, adapters, { ...options, name: 'one' }, quiet);
        const two = createNotificationWorker(other.db, adapters, { ...options, name: 'two' }, quiet);
        const [a, b] = await Promise.all([one.drain(), two.drain()]);
        expect(a + b).toBe(400);
        expect(new Set(sent).size).toBe(400);
        expect(sent).toHaveLength(400);
        const left = await database.db
          .selectFrom('outbox')
          .select('id')
          .where('state', '!=', 'sent')
          .execute();
        expect(left).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );
});
