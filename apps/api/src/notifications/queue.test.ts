import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineUserId, startFakeLine } from '../../test/fake-line.ts';
import { resetTables, testApp, testDatabaseWithTimeouts, unique } from '../../test/harness.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Delivery, Message } from '../delivery/index.ts';
import { lineDelivery } from '../delivery/line.ts';
import { keptInOutbox } from '../delivery/outbox.ts';
import { enqueue, OUTCOME_UNKNOWN, type QueuedMessage, STOPPED_BEFORE_SENDING } from './queue.ts';
import { createMessageSeal } from './sealing.ts';
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

/**
 * A fault on the next `times` writes that mark a message sent (an UPDATE setting sent_at), as when
 * the database restarts under the worker: the statement fails and writes nothing.
 */
function failingMarksSent(times: number): KyselyPlugin {
  let left = times;
  return {
    transformQuery({ node }) {
      if (left > 0 && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"sent_at"')) {
        left -= 1;
        throw new Error('Connection terminated unexpectedly');
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

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

describe('messages holding a secret (decision 0095)', () => {
  it('rule: a one-time code or a username is refused unless sealed, and nothing of the change is kept', async () => {
    for (const kind of ['otp', 'username']) {
      await expect(
        database.db.transaction().execute((trx) => enqueue(trx, [message('a@example.com', { kind })])),
      ).rejects.toThrow(`a message of kind ${kind} holds a secret`);
    }
    expect(await rows()).toEqual([]);
  });

  it('rule: a sealed message keeps no readable text in its row, is opened for its provider only, and its sealed text is erased once sent', async () => {
    const email = recording();
    const text = 'Your BahtDesk code is 271828. Your username is som.';
    await enqueue(database.db, [
      app.services.messageSeal.sealed(message('a@example.com', { kind: 'otp', text })),
    ]);
    const [queued] = await rows();
    expect(queued).toMatchObject({ subject: '', body: '', state: 'pending' });
    expect(JSON.stringify(queued)).not.toMatch(/271828|som\b|Hello/);
    await createNotificationWorker(
      database.db,
      { email, sms: email },
      { ...options, seal: app.services.messageSeal },
      quiet,
    ).drain();
    expect(email.sent).toEqual([
      { channel: 'email', to: 'a@example.com', subject: 'Hello', text, key: queued?.retry_key, secret: true },
    ]);
    expect((await rows())[0]).toMatchObject({ state: 'sent', sealed: null, subject: '', body: '' });
  });

  it('rule: with no provider for its channel a message holding a secret fails at once, erased: it is never kept for staff', async () => {
    await enqueue(database.db, [
      app.services.messageSeal.sealed(message('a@example.com', { kind: 'username' })),
    ]);
    await createNotificationWorker(
      database.db,
      { email: keptInOutbox, sms: keptInOutbox },
      { ...options, seal: app.services.messageSeal },
      quiet,
    ).drain();
    expect((await rows())[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      sealed: null,
      last_error: expect.stringContaining('never kept for staff'),
    });
  });

  it('rule: a sealed text opens only under its key, for its own row and recipient', () => {
    const seal = createMessageSeal('k'.repeat(32));
    const bound = { key: 'a4a5f0a8-8a0e-4a55-9a51-5a3b8e9c0d11', channel: 'sms', to: '0812345678' };
    const sealed = seal.seal({ subject: '', text: 'code 123456' }, bound);
    expect(sealed).not.toContain('123456');
    expect(seal.open(sealed, bound)).toEqual({ subject: '', text: 'code 123456' });
    expect(() => seal.open(sealed, { ...bound, to: '0899999999' })).toThrow('cannot be opened');
    expect(() => seal.open(sealed, { ...bound, key: 'b4a5f0a8-8a0e-4a55-9a51-5a3b8e9c0d11' })).toThrow();
    expect(() => createMessageSeal('j'.repeat(32)).open(sealed, bound)).toThrow('cannot be opened');
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
    const smsRow = (await rows()).find((r) => r.channel === 'sms');
    expect(sms.sent).toEqual([
      {
        channel: 'sms',
        to: '0812345678',
        subject: 'Hello',
        text: 'secret text for 0812345678',
        key: smsRow?.retry_key,
        secret: false,
      },
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

  it('rule: the attempt is counted at the claim: a message left sending at its last attempt is never claimed again, it ends failed', async () => {
    const email = recording();
    await enqueue(database.db, [message('a@example.com')]);
    // A process claimed its third attempt of three, then died before sending.
    await sql`update outbox set state = 'sending', claimed_by = 'dead', attempts = 3,
      claimed_at = now() - interval '2 minutes'`.execute(database.db);
    const worker = createNotificationWorker(database.db, { email, sms: email }, options, quiet);
    expect(await worker.drain()).toBe(0);
    expect(email.sent).toEqual([]);
    expect((await rows())[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      claimed_by: null,
      last_error: STOPPED_BEFORE_SENDING,
    });
    // Later passes leave it so.
    expect(await worker.drain()).toBe(0);
    expect((await rows())[0]).toMatchObject({ state: 'failed', attempts: 3 });
  });

  it('rule: the send is recorded as begun, in its own committed write, before the provider is called', async () => {
    const seen: (Date | null)[] = [];
    const looking: Delivery = {
      send: async (m) => {
        // Another connection on PostgreSQL: the write is committed, not merely pending.
        const row = await other.db
          .selectFrom('outbox')
          .select('send_began_at')
          .where('retry_key', '=', m.key ?? '')
          .executeTakeFirstOrThrow();
        seen.push(row.send_began_at);
      },
    };
    const other =
      process.env.TEST_DB === 'pg' ? await testDatabaseWithTimeouts(DEFAULT_DATABASE_TIMEOUTS) : database;
    try {
      await enqueue(database.db, [message('a@example.com')]);
      await createNotificationWorker(database.db, { email: looking, sms: looking }, options, quiet).drain();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeInstanceOf(Date);
      expect((await rows())[0]?.state).toBe('sent');
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('rule: a message whose send began and whose outcome was never recorded is not sent again: staff see "unknown"', async () => {
    const email = recording();
    await enqueue(database.db, [message('a@example.com', { kind: 'orderCompleted' })]);
    // Sent, then the process was killed (or its database failed) before the row was marked.
    await sql`update outbox set state = 'sending', claimed_by = 'dead', attempts = 1,
      send_began_at = now() - interval '2 minutes', claimed_at = now() - interval '2 minutes'`.execute(
      database.db,
    );
    const worker = createNotificationWorker(database.db, { email, sms: email }, options, quiet);
    expect(await worker.drain()).toBe(0);
    expect(email.sent).toEqual([]);
    expect((await rows())[0]).toMatchObject({
      state: 'unknown',
      attempts: 1,
      claimed_by: null,
      last_error: OUTCOME_UNKNOWN,
    });
  });

  it('rule: a one-time code whose send began is sent again (a copy is harmless), and so is a LINE message (LINE drops the copy by its retry key)', async () => {
    const line = await startFakeLine({ channelAccessToken: 'queue-token', channelSecret: 'queue-secret' });
    try {
      const email = recording();
      const userId = lineUserId();
      await enqueue(database.db, [
        app.services.messageSeal.sealed(
          message('a@example.com', { kind: 'otp', text: 'Your code is 314159.' }),
        ),
        message(userId, { channel: 'line', kind: 'orderCompleted' }),
      ]);
      const push = lineDelivery({ apiUrl: line.url, channelAccessToken: 'queue-token' });
      const lineRow = (await rows()).find((r) => r.channel === 'line');
      // LINE took the push the first time; its answer was lost with the process.
      await push.send({ channel: 'line', to: userId, subject: '', text: 'x', key: lineRow?.retry_key ?? '' });
      await sql`update outbox set state = 'sending', claimed_by = 'dead', attempts = 1,
        send_began_at = now() - interval '2 minutes', claimed_at = now() - interval '2 minutes'`.execute(
        database.db,
      );
      const worker = createNotificationWorker(
        database.db,
        { email, sms: email, line: push },
        { ...options, seal: app.services.messageSeal },
        quiet,
      );
      expect(await worker.drain()).toBe(2);
      expect(email.sent.map((m) => m.text)).toEqual(['Your code is 314159.']);
      expect(line.pushes).toHaveLength(1);
      expect(line.attempts.map((a) => a.status)).toEqual([200, 409]);
      expect((await rows()).map((r) => [r.kind, r.state, r.attempts, r.sealed])).toEqual([
        ['otp', 'sent', 2, null],
        ['orderCompleted', 'sent', 2, null],
      ]);
    } finally {
      await line.close();
    }
  });

  it('rule: a database fault while marking a delivered message sent does not send it again: the mark is tried again', async () => {
    const email = recording();
    await enqueue(database.db, [message('a@example.com', { kind: 'orderCompleted' })]);
    const faulty = database.db.withPlugin(failingMarksSent(2));
    const logged: string[] = [];
    const log = {
      warn: (_: object, m: string) => void logged.push(m),
      error: (_: object, m: string) => void logged.push(m),
    };
    const worker = createNotificationWorker(faulty, { email, sms: email }, options, log);
    expect(await worker.drain()).toBe(1);
    expect(email.sent).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
    expect(logged.filter((m) => m.includes('marking it sent failed'))).toHaveLength(2);
    // Nothing is due any more: another pass sends nothing.
    await sql`update outbox set next_attempt_at = now() - interval '1 hour'`.execute(database.db);
    expect(await worker.drain()).toBe(0);
    expect(email.sent).toHaveLength(1);
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
