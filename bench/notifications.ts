// `npm run bench -- notifications`: how long 10,000 queued messages take to drain through a fake
// channel adapter (each send yields once), on a fresh PGlite, or on the PostgreSQL database named
// by BENCH_NOTIFY_DATABASE_URL (bench/run.mjs makes a fresh one and drops it after):
// - unbounded (NOTIFY_RATE_PER_SECOND=0): the queue's own cost, one claim per batch and one mark
//   per message. Target: 10,000 in at most 60 s (166 a second, 8 times the default rate bound), so
//   the queue is never what holds a mass event back.
// - at NOTIFY_RATE_PER_SECOND (default 20): the first 10 s worth of messages, and what 10,000
//   would take at that pace. Target: within 10 % of the bound (it holds, and it is reached).
// Each line is printed as soon as it is measured.
import { PGlite } from '@electric-sql/pglite';
import { type Database, openPostgres, pgliteDatabase, pgliteParsers } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Delivery } from '../apps/api/src/delivery/index.ts';
import { enqueue, type QueuedMessage } from '../apps/api/src/notifications/queue.ts';
import { createNotificationWorker } from '../apps/api/src/notifications/worker.ts';

const N = 10_000;
const UNBOUNDED_TARGET_S = 60;
const RATE_TOLERANCE = 0.1;
const rate = Number(process.env.NOTIFY_RATE_PER_SECOND ?? 20);
const url = process.env.BENCH_NOTIFY_DATABASE_URL;

const startedAt = performance.now();
const database: Database = url
  ? openPostgres(url)
  : pgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
await migrateToLatest(database.db);
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}: database ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
);

const quiet = { warn: () => {}, error: () => {} };
const fake: Delivery = { send: () => new Promise((resolve) => setImmediate(resolve)) };
const messages = (n: number): QueuedMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    channel: 'email',
    to: `m${i}@example.com`,
    subject: 'Order expired',
    text: 'The time to pay your order ran out.',
    kind: 'orderExpired',
    lang: 'en',
  }));

/** Queues `n` messages in an empty outbox and drains them; answers the drain's milliseconds. */
async function drain(n: number, ratePerSecond: number): Promise<{ enqueueMs: number; ms: number }> {
  await database.db.deleteFrom('outbox').execute();
  let t = performance.now();
  await enqueue(database.db, messages(n));
  const enqueueMs = performance.now() - t;
  const worker = createNotificationWorker(
    database.db,
    { email: fake, sms: fake },
    { ratePerSecond, maxAttempts: 8, sendingTimeoutMs: 300_000 },
    quiet,
  );
  t = performance.now();
  const handled = await worker.drain();
  if (handled !== n) throw new Error(`drained ${handled} of ${n} messages`);
  return { enqueueMs, ms: performance.now() - t };
}

const perSecond = (n: number, ms: number) => (n / ms) * 1000;
try {
  const unbounded = await drain(N, 0);
  const seconds = unbounded.ms / 1000;
  console.log(
    `unbounded: enqueue 10,000 in ${unbounded.enqueueMs.toFixed(0)} ms; drained in ${seconds.toFixed(2)} s ` +
      `(${perSecond(N, unbounded.ms).toFixed(0)} msg/s); target <= ${UNBOUNDED_TARGET_S} s ` +
      `${seconds <= UNBOUNDED_TARGET_S ? 'met' : 'NOT met'}`,
  );
  if (rate > 0) {
    const sample = Math.min(N, rate * 10);
    const bounded = await drain(sample, rate);
    const measured = perSecond(sample, bounded.ms);
    const met = Math.abs(measured - rate) <= rate * RATE_TOLERANCE;
    console.log(
      `at NOTIFY_RATE_PER_SECOND=${rate} (first ${sample}): ${measured.toFixed(1)} msg/s, so 10,000 take about ` +
        `${(N / measured / 60).toFixed(1)} min; target ${rate}/s within ${RATE_TOLERANCE * 100} % ` +
        `${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await database.close();
}
