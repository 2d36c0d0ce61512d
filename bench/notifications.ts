// `npm run bench -- notifications`: how long 10,000 queued messages take
// to drain through a fake channel adapter (each send yields once), on a fresh PGlite, at the
// configured rate (NOTIFY_RATE_PER_SECOND, default 20: about 500 s, so it drains only the first
// 200 messages and extrapolates) and unbounded. Prints figures; asserts nothing.
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, pgliteParsers } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Delivery } from '../apps/api/src/delivery/index.ts';
import { enqueue, type QueuedMessage } from '../apps/api/src/notifications/queue.ts';
import { createNotificationWorker } from '../apps/api/src/notifications/worker.ts';

const N = 10_000;
const rate = Number(process.env.NOTIFY_RATE_PER_SECOND ?? 20);
const database = pgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
await migrateToLatest(database.db);
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

async function drain(label: string, n: number, ratePerSecond: number): Promise<number> {
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
  await worker.drain();
  const ms = performance.now() - t;
  console.log(
    `${label}: enqueue ${n} in ${enqueueMs.toFixed(0)} ms; drained in ${(ms / 1000).toFixed(2)} s (${((n / ms) * 1000).toFixed(0)} msg/s)`,
  );
  return ms;
}

await drain('unbounded', N, 0);
if (rate > 0) {
  const sample = Math.min(N, rate * 10);
  const ms = await drain(`at ${rate}/s (first ${sample})`, sample, rate);
  console.log(
    `at ${rate}/s: 10,000 messages would take about ${(((ms / sample) * N) / 1000 / 60).toFixed(1)} min`,
  );
}
await database.close();
