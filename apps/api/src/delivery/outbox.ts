import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Delivery } from './delivery.ts';

/** The outbox table: where messages go with no SMTP or SMS gateway configured (read by staff and tests). */
export function outboxDelivery(db: Kysely<DB>): Delivery {
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.text,
        })
        .execute();
    },
  };
}
