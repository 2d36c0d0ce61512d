import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type Delivery, PermanentDeliveryError } from './delivery.ts';

/** The newest `limit` messages of the outbox, newest first (a query: add an offset, then execute). */
export function latestOutbox(db: Kysely<DB>, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

/** One page of the outbox, newest first, and how many messages it holds. */
export async function outboxPage(db: Kysely<DB>, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    latestOutbox(db, page.limit).offset(page.offset).execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Messages of the outbox not delivered yet (pending or being sent), by channel (channels with none are absent). */
export function outboxBacklog(db: Kysely<DB>) {
  return db
    .selectFrom('outbox')
    .select(['channel', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('state', 'in', ['pending', 'sending'])
    .groupBy('channel')
    .execute();
}

/**
 * The channel with no SMTP or SMS gateway configured: the message is already a row of the outbox,
 * where staff and tests read it, so handing it over is done at once. A message holding a secret is
 * never kept for staff to read (decision 0095): it fails for good, since nothing can deliver it.
 */
export const keptInOutbox: Delivery = {
  send: async (message) => {
    if (message.secret) {
      throw new PermanentDeliveryError(
        `not sent: no ${message.channel} provider is configured, and a message holding a secret is never kept for staff`,
      );
    }
  },
};
